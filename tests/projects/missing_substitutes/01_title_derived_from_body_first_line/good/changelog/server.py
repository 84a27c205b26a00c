from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .text import bullet_lines, headline

ENTRY = types.Prompt(
    name="changelog_entry",
    description="Turn a change description into a changelog entry",
    arguments=[
        types.PromptArgument(name="title", description="entry title", required=True),
        types.PromptArgument(name="body", description="what changed", required=True),
    ],
)


def _bad(msg: str) -> McpError:
    return McpError(types.ErrorData(code=types.INVALID_PARAMS, message=msg))


def make() -> Server:
    srv = Server("changelog")

    @srv.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [ENTRY]

    @srv.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != ENTRY.name:
            raise _bad(f"no prompt {name}")
        args = arguments or {}
        if not args.get("body"):
            raise _bad("body is required")
        title = headline(args)
        if not title:
            raise _bad("title is required")
        lines = "\n".join(bullet_lines(args["body"]))
        text = f"Write a changelog entry titled '{title}':\n{lines}"
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return srv
