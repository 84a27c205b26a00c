import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .catalog import PROMPTS
from .schemas import ARG_SCHEMAS
from .validation import checked_arguments

server = Server("etl-prompts")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return PROMPTS


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name not in ARG_SCHEMAS:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    args = checked_arguments(name, arguments or {})
    days = int(args.get("days", "7"))
    text = (
        f"Plan a backfill of {args['table']} for {days} day(s) starting {args['start']}: "
        "batch size, ordering, how to verify each partition, and how to roll back."
    )
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
