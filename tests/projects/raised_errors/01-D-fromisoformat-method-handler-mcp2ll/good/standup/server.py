from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .render import standup_text

STANDUP = types.Prompt(name="standup", arguments=[
    types.PromptArgument(name="team", required=True),
    types.PromptArgument(name="since", required=True),
])


class StandupPrompts:
    def __init__(self) -> None:
        self.server = Server("standup", on_list_prompts=self.list_prompts, on_get_prompt=self.get_prompt)

    async def list_prompts(self, ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[STANDUP])

    async def get_prompt(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != STANDUP.name:
            raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
        args = params.arguments or {}
        if not args.get("team") or not args.get("since"):
            raise MCPError(code=INVALID_PARAMS, message="team and since are required")
        try:
            text = standup_text(args["team"], args["since"])
        except ValueError as exc:
            raise MCPError(code=INVALID_PARAMS, message=f"since: {exc}") from exc
        return types.GetPromptResult(messages=[
            types.PromptMessage(role="user", content=types.TextContent(type="text", text=text)),
        ])


def build() -> Server:
    return StandupPrompts().server
