from .app import admin_tool

PAGES = {"home": "Welcome"}


@admin_tool(name="purge_page")
def purge_page(slug: str) -> str:
    """Delete a page (admin only)."""
    if slug not in PAGES:
        return "page not found"  # ok: EXPOSE_ADMIN is False, so admin_tool is _hidden and this is no tool
    del PAGES[slug]
    return "purged"
