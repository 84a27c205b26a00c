from fastmcp.exceptions import ToolError

from .store import titles


class WikiTools:
    def __init__(self, max_hits: int = 20) -> None:
        self.max_hits = max_hits

    def search(self, term: str, include_drafts: bool = False) -> list[str]:
        if not term.strip():
            raise ToolError("term must not be blank")
        return list(titles(term, include_drafts))[: self.max_hits]


def register(mcp) -> None:
    tools = WikiTools()
    mcp.tool(tools.search, name="search_wiki")
