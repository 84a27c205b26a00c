from .app import tool

PAGES = {"home": "Welcome"}


@tool(name="get_page")
def get_page(slug: str) -> str:
    """A wiki page by slug."""
    if slug not in PAGES:
        raise ValueError(f"page {slug} not found")  # ok: the fix of the twin
    return PAGES[slug]
