from mcp.server.fastmcp.exceptions import ToolError

from .app import mcp
from .registry import retag


@mcp.tool()
def retag_images(images: list[str], tag: str) -> dict:
    if not tag:
        raise ToolError("tag must not be empty")
    done, failed = [], []
    for image in images:
        try:
            done.append(retag(image, tag))
        except LookupError as exc:
            failed.append(str(exc))
    return {"retagged": done, "failed": failed}
