from mcp.server.mcpserver import MCPServer

from .prompt_fns import PROMPT_FUNCS


def create_server() -> MCPServer:
    server = MCPServer("diff-tools")
    for name, fn in PROMPT_FUNCS.items():
        server.prompt(name=name)(fn)
    return server


server = create_server()
