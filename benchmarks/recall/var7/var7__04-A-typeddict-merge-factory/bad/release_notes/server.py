"""Release-notes prompts, mcp 2.x low-level server built by a factory."""
from typing import TypedDict

from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext


class ReleaseArgs(TypedDict, total=False):
    version: str
    audience: str


RELEASE_PROMPT = types.Prompt(
    name="release_notes",
    description="Write release notes for a version",
    arguments=[
        types.PromptArgument(name="version", description="Version being released, e.g. 2.4.0", required=True),
        types.PromptArgument(name="audience", description="customers or developers", required=False),
    ],
)


def create_server(product: str) -> Server:
    async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[RELEASE_PROMPT])

    async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != RELEASE_PROMPT.name:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
        args: ReleaseArgs = {"version": "unreleased", "audience": "customers", **(params.arguments or {})}
        text = f"Write {args['audience']}-facing release notes for {product} {args['version']}."
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )

    return Server(product, on_list_prompts=list_prompts, on_get_prompt=get_prompt)
