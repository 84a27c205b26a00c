from pathlib import Path

from fastmcp.exceptions import ToolError

from .fetch import mirror_all

ROOT = Path("/srv/mirror")


def register_tools(mcp) -> None:
    @mcp.tool
    async def mirror(urls: list[str], folder: str = "default") -> str:
        if not urls:
            raise ToolError("urls must not be empty")
        return await mirror_all(urls, ROOT / folder.replace("/", "_"))
