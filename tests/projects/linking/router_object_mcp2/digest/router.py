"""The get handler is an object: a router instance with __call__, made in this module and
imported by the server module; the declarations come from a method of the same object."""
import mcp.types as types
from mcp import MCPError
from mcp.server import ServerRequestContext
from mcp.types import INVALID_PARAMS

WEEKLY = types.Prompt(name="weekly", arguments=[types.PromptArgument(name="team", required=True)])
RELEASE = types.Prompt(name="release", arguments=[types.PromptArgument(name="version", required=True)])


def _text(text: str) -> types.GetPromptResult:
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


class PromptRouter:
    def declared(self) -> list[types.Prompt]:
        return [WEEKLY, RELEASE]

    async def __call__(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        arguments = params.arguments or {}
        if params.name == "weekly":
            team = arguments.get("team") or "platform"  # error: MCP101
            return _text(f"Weekly digest of {team}")
        if params.name == "release":
            version = arguments.get("version")
            if not version:  # ok: the missing version is refused with -32602
                raise MCPError(code=INVALID_PARAMS, message="version is required")
            return _text(f"Release notes for {version}")
        raise RuntimeError(f"no route for {params.name}")  # error: MCP201


router = PromptRouter()
