"""Four untyped hand-offs across modules: server -> features -> contacts -> its tools package
-> each tool module (mcp 2.x MCPServer)."""
from mcp.server.mcpserver import MCPServer

from crm.features import install_features

app = MCPServer("crm")
install_features(app)
