from mcp import types
from mcp.server import Server, ServerRequestContext

from .runner import Runner

RUN = types.Tool(
    name="run_tests",
    description="Run the selected tests (a node id or -k expression)",
    input_schema={"type": "object", "properties": {"target": {"type": "string"}}, "required": ["target"]},
)


def make_server(root: str) -> Server:
    runner = Runner(root)

    async def on_list_tools(ctx: ServerRequestContext, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[RUN])

    async def on_call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if params.name == "run_tests":
            return runner.run_tests(params.arguments or {})
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"no tool {params.name}")], is_error=True)

    return Server("testrunner", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
