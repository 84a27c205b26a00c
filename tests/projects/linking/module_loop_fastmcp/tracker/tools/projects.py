from fastmcp.exceptions import ToolError

PROJECTS = {"core": "Core platform", "web": "Web client"}


def register(mcp):
    @mcp.tool()
    def describe_project(key: str) -> str:
        try:
            return PROJECTS[key]
        except KeyError as e:
            return f"Error: {e}"  # error: MCP204

    @mcp.tool()
    def describe_strict(key: str) -> str:
        try:
            return PROJECTS[key]
        except KeyError:
            raise ToolError(f"No project {key}")  # ok: an isError result
