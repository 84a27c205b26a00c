from mcp import MCPError
from mcp.types import INVALID_PARAMS

from .commits import short_hash


def register(server) -> None:
    @server.prompt()
    def explain_commit(commit: str, detail: str = "short") -> str:
        if detail not in ("short", "full"):
            raise MCPError(code=INVALID_PARAMS, message="detail must be short or full")
        try:
            sha = short_hash(commit)
        except ValueError:
            raise MCPError(code=INVALID_PARAMS, message="commit must be a hex hash") from None
        return f"Explain commit {sha} ({detail})."
