from mcp import MCPError, types
from mcp.server import Server, ServerRequestContext

from .kube import KubeApi
from .kube_args import ToolInputError
from .schemas import TOOLS
from .tools import HANDLERS


def _text(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


class KubeServer:
    def __init__(self, kube: KubeApi | None = None) -> None:
        self.kube = kube or KubeApi()
        self.server = Server("kube-tools", on_list_tools=self.list_tools, on_call_tool=self.call_tool)

    async def list_tools(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=list(TOOLS.values()))

    async def call_tool(self, ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        handler = HANDLERS.get(params.name)
        if handler is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        try:
            return _text(await handler(self.kube, params.arguments or {}))
        except ToolInputError as exc:
            return _text(str(exc), error=True)
