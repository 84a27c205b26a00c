from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext
from mcp.types import INVALID_PARAMS

from .tally import as_counts, quorum

BALLOT = types.Prompt(name="ballot", arguments=[types.PromptArgument(name="quorum", required=True)])


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    if params.name != BALLOT.name:
        raise MCPError(code=INVALID_PARAMS, message="unknown prompt")
    try:
        text = quorum(as_counts(params.arguments))
    except KeyError as exc:
        raise MCPError(code=INVALID_PARAMS, message=f"missing {exc}")
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=[BALLOT])


server = Server("votes", on_get_prompt=get_prompt, on_list_prompts=list_prompts)
