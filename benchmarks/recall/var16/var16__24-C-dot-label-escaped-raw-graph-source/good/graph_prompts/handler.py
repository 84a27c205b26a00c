from mcp import MCPError, types
from mcp.server import ServerRequestContext
from mcp.types import INVALID_PARAMS

from .dot import edge

DECL = types.Prompt(name="dependency_graph", arguments=[
    types.PromptArgument(name="service", required=True),
    types.PromptArgument(name="depends_on", description="comma-separated", required=True),
])


class GraphPrompts:
    async def get(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != DECL.name:
            raise MCPError(code=INVALID_PARAMS, message=f"unknown prompt {params.name}")
        args = params.arguments or {}
        missing = [a.name for a in DECL.arguments if a.required and not args.get(a.name)]
        if missing:
            return types.ErrorData(code=INVALID_PARAMS, message=f"missing {missing}")
        deps = [d.strip() for d in args["depends_on"].split(",") if d.strip()]
        body = "\n".join(edge(args["service"], d) for d in deps)
        text = f"Find cycles in this graph:\ndigraph deps {{\n{body}\n}}"
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    async def list(self, ctx: ServerRequestContext, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[DECL])
