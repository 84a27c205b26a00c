import posixpath

from fastmcp.exceptions import ToolError


def safe_member(name: str) -> str:
    clean = posixpath.normpath(name.replace("\\", "/")).lstrip("/")
    if clean.startswith("..") or clean in ("", "."):
        raise ToolError(f"refusing member {name!r}")
    return clean
