from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .checks import framework_of
from .instrument import logged

AUDIT = types.Prompt(
    name="audit_plan",
    arguments=[
        types.PromptArgument(name="framework", required=True),
        types.PromptArgument(name="scope", required=False),
    ],
)


def build() -> Server:
    server = Server("audit")

    @server.list_prompts()
    async def _list() -> list[types.Prompt]:
        return [AUDIT]

    @server.get_prompt()
    @logged
    async def _get(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != AUDIT.name:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {name}"))
        args = arguments or {}
        fw = framework_of(args)
        scope = args.get("scope") or "all production systems"
        text = f"Draft a {fw.upper()} audit plan covering {scope}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return server
