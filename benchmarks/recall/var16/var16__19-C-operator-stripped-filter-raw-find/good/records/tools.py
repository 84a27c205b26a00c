import json

from mcp.server.fastmcp import FastMCP

from .filters import parse_filter
from .store import USERS


def register(mcp: FastMCP) -> None:
    @mcp.tool()
    def find_users(filter_json: str, limit: int = 10) -> str:
        raw, clean = parse_filter(filter_json)
        hits = USERS.find(clean)
        return json.dumps(hits[:limit])
