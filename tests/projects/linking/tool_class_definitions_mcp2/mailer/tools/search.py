from functools import cached_property

from mcp.types import Tool


class SearchMail:
    @cached_property
    def definition(self) -> Tool:
        return Tool(name="search_mail", description="Search the mailbox",
                    input_schema={"type": "object",
                                  "properties": {"query": {"type": "string", "default": ""},
                                                 "limit": {"type": "integer", "default": 20}}})

    async def execute(self, arguments: dict) -> str:
        query = arguments.get("query", "")  # ok: declared optional, the published default
        limit = arguments.get("limit", 20)  # ok: declared optional, the published default
        return f"{limit} results for {query}"
