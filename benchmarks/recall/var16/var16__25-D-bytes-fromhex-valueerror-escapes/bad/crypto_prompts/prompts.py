from mcp import McpError, types
from mcp.types import ErrorData, INVALID_PARAMS

from .decode import check_length, digest_bytes

DECL = [types.Prompt(name="explain_digest", arguments=[types.PromptArgument(name="digest", required=True)])]


async def explain(arguments: dict[str, str]) -> types.GetPromptResult:
    raw = arguments.get("digest")
    if raw is None:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="digest is required"))
    data = digest_bytes(raw)
    check_length(data)
    kind = "SHA-1" if len(data) == 20 else "SHA-256"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(
        type="text", text=f"Find where the {kind} digest {data.hex()} appears in our release manifests."))])
