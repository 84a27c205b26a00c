from pathlib import Path

from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

from .matching import sample

LOG_DIR = Path("/var/log/app")
SOURCES = {"api": LOG_DIR / "api.log", "worker": LOG_DIR / "worker.log"}


def register_prompts(server: MCPServer) -> None:
    @server.prompt(name="triage_logs")
    def triage_logs(source: str, pattern: str) -> str:
        path = SOURCES.get(source)
        if path is None:
            raise MCPError(code=INVALID_PARAMS, message=f"source must be one of {sorted(SOURCES)}")
        hits = sample(path.read_text().splitlines(), pattern)
        return f"Triage these {source} log lines matching /{pattern}/:\n" + "\n".join(hits)
