from mcp import types

from .index import DocIndex
from .schemas import SEARCH_SCHEMA


class SearchTool:
    name = "search_docs"

    def __init__(self, index: DocIndex) -> None:
        self.index = index

    def definition(self) -> types.Tool:
        return types.Tool(name=self.name, description="Search the documentation", input_schema=SEARCH_SCHEMA)

    @staticmethod
    def _error(text: str) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)

    async def run(self, arguments: dict) -> types.CallToolResult:
        query = arguments.get("query")
        if not isinstance(query, str) or not query.strip():
            return self._error("query must be a non-empty string")
        limit = arguments.get("limit", 5)
        if not isinstance(limit, int) or not 1 <= limit <= 50:
            return self._error("top_k must be an integer between 1 and 50")
        hits = self.index.search(query, limit=limit)
        return types.CallToolResult(content=[types.TextContent(type="text", text="\n".join(hits) or "no hits")])
