from mcp import types
from mcp.server import Server, ServerRequestContext

from .handler import on_get_prompt
from .shapes import DECLARED


async def on_list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:
    args = [types.PromptArgument(name=n, required=r) for n, r in DECLARED]
    return types.ListPromptsResult(prompts=[types.Prompt(name="project_brief", arguments=args)])


server = Server("briefs", on_list_prompts=on_list_prompts, on_get_prompt=on_get_prompt)
