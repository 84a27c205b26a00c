from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .catalog import POSTMORTEM
from .people import owner_of


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[POSTMORTEM])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name != POSTMORTEM.name:
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    args = params.arguments or {}
    incident = args.get("incident", "")
    if not incident.startswith("INC-"):
        raise MCPError(code=types.INVALID_PARAMS, message="incident must look like INC-1234")
    owner = owner_of(args)
    timeline = args.get("timeline") or "Reconstruct the timeline from the incident channel."
    text = f"Draft a blameless postmortem for {incident}. Owner of follow-ups: @{owner}.\n\n{timeline}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
