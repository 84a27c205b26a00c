from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, TextContent, Tool

from .tools import ScaleRecipe, SubstituteIngredient

server = Server("pantry")

# one class per tool: the handler makes the object when the tool is called
TOOL_CLASSES = {"scale_recipe": ScaleRecipe, "substitute": SubstituteIngredient}


@server.list_tools()
async def list_tools() -> list[Tool]:
    return [
        Tool(name="scale_recipe", description="Scale a recipe",
             inputSchema={"type": "object",
                          "properties": {"recipe": {"type": "string"},
                                         "factor": {"type": "number"}},  # error: MCP103
                          "required": ["recipe"]}),
        Tool(name="substitute", description="Replace an ingredient",
             inputSchema={"type": "object",
                          "properties": {"ingredient": {"type": "string"},
                                         "diet": {"type": "string", "default": "any"}},
                          "required": ["ingredient"]}),
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[TextContent]:
    if name not in TOOL_CLASSES:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown tool {name}"))
    text = await TOOL_CLASSES[name]().run(arguments)
    return [TextContent(type="text", text=text)]
