from mcp import MCPError
from mcp.types import INVALID_PARAMS

from .commits import short_hash


def register(server) -> None:
    @server.prompt()
    def explain_commit(commit: str, detail: str = "short") -> str:
        if detail not in ("short", "full"):
            raise MCPError(code=INVALID_PARAMS, message="detail must be short or full")
        sha = short_hash(commit)
        return f"Explain commit {sha} ({detail})."
