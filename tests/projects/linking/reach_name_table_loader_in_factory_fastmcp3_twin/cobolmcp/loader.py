from .table import TOOL_TABLE


def load_tools(server) -> int:
    """Register every function of TOOL_TABLE under its key."""
    for tool_name, handler in TOOL_TABLE.items():
        server.tool(handler, name=tool_name)
    return len(TOOL_TABLE)
