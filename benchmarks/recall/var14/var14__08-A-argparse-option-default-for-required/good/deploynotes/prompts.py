import mcp.types as types
from mcp import MCPError
from mcp.server import ServerRequestContext

from .cli_args import to_namespace

DECLARED = types.Prompt(
    name="deploy_announcement",
    description="Announce a deployment in the team channel",
    arguments=[
        types.PromptArgument(name="service", required=True),
        types.PromptArgument(name="environment", description="staging or production", required=True),
        types.PromptArgument(name="window", description="expected duration", required=False),
    ],
)


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[DECLARED])


class AnnouncementPrompt:
    params_type = types.GetPromptRequestParams

    async def handle(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult | types.ErrorData:
        if params.name != DECLARED.name:
            return types.ErrorData(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name}")
        ns = to_namespace(params.arguments or {})
        if ns.service is None:
            return types.ErrorData(code=types.INVALID_PARAMS, message="service is required")
        if ns.environment is None:
            return types.ErrorData(code=types.INVALID_PARAMS, message="environment is required")
        if ns.environment not in ("staging", "production"):
            raise MCPError(code=types.INVALID_PARAMS, message="environment must be staging or production")
        text = f"Announce: {ns.service} deploys to {ns.environment} now, expected to take {ns.window}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


announcement_prompt = AnnouncementPrompt()
