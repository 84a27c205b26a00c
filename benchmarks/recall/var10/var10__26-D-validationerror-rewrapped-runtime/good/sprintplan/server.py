from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .service import parse_plan_args, plan_text

PLAN_PROMPT = types.Prompt(
    name="sprint_plan",
    description="Plan the next sprint",
    arguments=[
        types.PromptArgument(name="team", description="Team name", required=True),
        types.PromptArgument(name="capacity", description="Story points available", required=True),
        types.PromptArgument(name="goals", description="Sprint goals", required=False),
    ],
)


class SprintPlanner:
    def __init__(self) -> None:
        self.server = Server("sprint-planner", on_list_prompts=self.list_prompts, on_get_prompt=self.get_prompt)

    async def list_prompts(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[PLAN_PROMPT])

    async def get_prompt(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != PLAN_PROMPT.name:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
        text = plan_text(parse_plan_args(params.arguments))
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )


planner = SprintPlanner()
