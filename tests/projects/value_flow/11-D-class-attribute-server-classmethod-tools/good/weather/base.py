from fastmcp import FastMCP


class App:
    mcp = FastMCP("weather")
    base_url = "https://api.example.org/v1"
