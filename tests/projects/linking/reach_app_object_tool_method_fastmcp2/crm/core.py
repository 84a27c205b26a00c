from fastmcp import FastMCP


class App:
    """Holds the MCP server and the shared HTTP settings."""

    def __init__(self, name: str) -> None:
        self.mcp = FastMCP(name)
        self.base_url = "https://crm.example.com/api"

    def tool(self, **options):
        return self.mcp.tool(**options)


app = App("crm")
