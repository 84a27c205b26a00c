"""No MCP import here: the server parameter is untyped, and app.py decides what it is (the
project pins both mcp and fastmcp, so only the server made in app.py tells which FastMCP)."""


def register_prompts(server):
    @server.prompt  # error: MCP404
    def summary(topic: str) -> str:
        return f"Summarize the notes about {topic}"

    @server.prompt()  # ok: called, as the SDK's FastMCP requires
    def outline(subject: str) -> str:
        return f"Outline {subject}"

    _register_more(server)


def _register_more(server):
    @server.prompt()
    def merge(first: str, **others: str) -> str:  # error: MCP403
        return f"Merge {first} with {len(others)} notes"

    @server.prompt()
    def compare(first: str, second: str) -> str:  # ok: plain string parameters
        return f"Compare {first} with {second}"
