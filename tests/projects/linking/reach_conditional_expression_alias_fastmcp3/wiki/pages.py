from .app import tool

PAGES = {"home": "Welcome"}


@tool(name="get_page")
def get_page(slug: str) -> str:
    """A wiki page by slug."""
    if slug not in PAGES:
        return "page not found"  # error: MCP204
    return PAGES[slug]
