from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

from .presets import preset_size


def install(server: MCPServer) -> None:
    @server.prompt(name="resize_brief")
    def resize_brief(image: str, preset: str) -> str:
        size = preset_size(preset)
        return f"Describe how {image} should be cropped to {size}."
