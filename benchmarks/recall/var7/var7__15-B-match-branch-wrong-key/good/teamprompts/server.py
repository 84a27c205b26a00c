from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

PROMPTS = [
    types.Prompt(
        name="standup",
        description="Stand-up summary for a team",
        arguments=[
            types.PromptArgument(name="team", description="Team name", required=True),
            types.PromptArgument(name="since", description="Window start, e.g. yesterday or a date", required=False),
        ],
    ),
    types.Prompt(
        name="retro",
        description="Retrospective questions for a sprint",
        arguments=[types.PromptArgument(name="sprint", description="Sprint identifier", required=True)],
    ),
]


def _require(args: dict[str, str], key: str) -> str:
    value = args.get(key)
    if not value:
        raise MCPError(code=types.INVALID_PARAMS, message=f"{key} is required")
    return value


async def handle_list(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=PROMPTS)


async def handle_get(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    args = params.arguments or {}
    match params.name:
        case "standup":
            team = _require(args, "team")
            since = args.get("since", "yesterday")
            text = f"Summarise what {team} shipped since {since}, grouped by person."
        case "retro":
            sprint = _require(args, "sprint")
            text = f"Write five retrospective questions for sprint {sprint}."
        case _:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )


server = Server("team-prompts", on_list_prompts=handle_list, on_get_prompt=handle_get)
