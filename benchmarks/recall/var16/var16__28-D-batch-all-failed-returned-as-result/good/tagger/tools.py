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
    if failed and not done:
        raise ToolError(f"no image was retagged: {failed}")
    return {"retagged": done, "failed": failed}
