import re

from fastmcp.exceptions import ToolError


def slugify(raw: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", raw.lower()).strip("-")
    if not slug:
        raise ToolError(f"not a guide name: {raw!r}")
    return slug
