from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.prompts.base import UserMessage
from mcp.types import EmbeddedResource, TextResourceContents

from .files import safe_filename


def register(server: MCPServer) -> None:
    @server.prompt(name="summarise_report")
    def summarise_report(filename: str, body: str, style: str = "bullet points") -> list:
        clean = safe_filename(filename)
        uri = f"file:///reports/{filename}"
        doc = EmbeddedResource(type="resource", resource=TextResourceContents(uri=uri, text=body, mime_type="text/plain"))
        return [UserMessage(doc), UserMessage(f"Summarise {clean} as {style}.")]
