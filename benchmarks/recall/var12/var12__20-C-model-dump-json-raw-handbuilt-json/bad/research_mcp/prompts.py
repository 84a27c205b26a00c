from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS
from pydantic import ValidationError

from .models import SearchArgs


def register_prompts(server: MCPServer) -> None:
    @server.prompt()
    def research(question: str, index: str = "docs") -> str:
        """Answer a question from one search index."""
        try:
            payload = SearchArgs(index=index, query=question).model_dump_json()
        except ValidationError as exc:
            raise MCPError(code=INVALID_PARAMS, message=exc.errors()[0]["msg"]) from exc
        return (
            "Call the search tool once, with exactly these arguments:\n"
            f'{{"index": "{index}", "query": "{question}"}}\n'
            "Then answer using only the hits it returns, citing each one."
        )
