from typing import Any

from .index import HandbookIndex
from .registry import tool


@tool(
    "search_handbook",
    "Full-text search over the employee handbook",
    {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "Words to look for"},
            "section": {"type": "string", "description": "Only search this handbook section"},
            "limit": {"type": "integer", "description": "Maximum number of titles"},
        },
        "required": ["query"],
    },
)
async def search_handbook(index: HandbookIndex, args: dict[str, Any]) -> list[str]:
    hits = index.search(args["query"], section=args.get("category"))
    return hits[: int(args.get("limit", 10))]
