from fastmcp.exceptions import ToolError

from .convert import convert


async def to_format(path: str, fmt: str = "markdown") -> str:
    """Convert a document to another text format."""
    text, err = convert(path, fmt)
    if err:
        return f"Conversion of {path} failed: {err}"
    return text
