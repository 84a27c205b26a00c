"""Steps are the direct subclasses of Step, one object each, searched by title."""

from mcp.server import Server
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, ListToolsResult, TextContent, Tool


class Step:
    title = ""
    properties: dict = {}

    def apply(self, arguments: dict) -> str:
        raise NotImplementedError


class Compress(Step):
    title = "compress"
    properties = {"level": {"type": "integer", "default": 6}, "path": {"type": "string", "default": ""}}

    def apply(self, arguments: dict) -> str:
        return f"level {arguments.get('level', 6)}"  # ok: the published default


class Checksum(Step):
    title = "checksum"
    properties = {"algorithm": {"type": "string", "default": "sha256"}}

    def apply(self, arguments: dict) -> str:
        return arguments.get("algorithm", "sha256")  # ok: the published default


STEPS = [step() for step in Step.__subclasses__()]


async def list_tools(ctx, params) -> ListToolsResult:
    return ListToolsResult(tools=[Tool(name=s.title, description=s.title,
                                       input_schema={"type": "object", "properties": s.properties})  # error: MCP103
                                  for s in STEPS])


async def call_tool(ctx, params) -> CallToolResult:
    step = next((s for s in STEPS if s.title == params.name), None)
    if step is None:
        raise MCPError(code=INVALID_PARAMS, message=f"unknown step {params.name}")
    text = step.apply(params.arguments or {})
    return CallToolResult(content=[TextContent(type="text", text=text)])


server = Server("pipeline", on_list_tools=list_tools, on_call_tool=call_tool)
