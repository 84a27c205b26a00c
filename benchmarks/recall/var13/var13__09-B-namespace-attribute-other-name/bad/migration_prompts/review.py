from types import SimpleNamespace

from mcp import types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .declarations import MIGRATION_REVIEW


def as_namespace(arguments: dict[str, str] | None) -> SimpleNamespace:
    args = dict(arguments or {})
    missing = [a.name for a in MIGRATION_REVIEW.arguments or [] if a.required and not args.get(a.name)]
    if missing:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing: {', '.join(missing)}"))
    args.setdefault("table_rows", "unknown")
    return SimpleNamespace(**args)


def render(arguments: dict[str, str] | None) -> types.GetPromptResult:
    ns = as_namespace(arguments)
    text = (
        "Review this migration for locking and rollback safety. "
        f"The largest table has about {ns.table_rows} rows.\n\n"
        f"{ns.sql}"
    )
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
