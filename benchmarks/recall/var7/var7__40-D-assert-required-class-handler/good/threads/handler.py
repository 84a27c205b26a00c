from mcp import MCPError, types
from mcp.server import ServerRequestContext

from .store import ThreadStore

SUMMARIZE = types.Prompt(
    name="summarize_thread",
    description="Summarise a discussion thread",
    arguments=[
        types.PromptArgument(name="thread_id", description="Thread identifier", required=True),
        types.PromptArgument(name="style", description="bullets or prose", required=False),
    ],
)


class ThreadPrompts:
    def __init__(self, store: ThreadStore) -> None:
        self.store = store

    async def list(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[SUMMARIZE])

    async def get(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != SUMMARIZE.name:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
        args = params.arguments or {}
        if not args.get("thread_id"):
            raise MCPError(code=types.INVALID_PARAMS, message="thread_id is required")
        thread = self.store.get(args["thread_id"])
        style = args.get("style", "bullets")
        text = f"Summarise this thread as {style}:\n\n{thread}"
        return types.GetPromptResult(
            messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
        )
