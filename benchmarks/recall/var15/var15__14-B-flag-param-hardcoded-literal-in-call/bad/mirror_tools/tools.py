from fastmcp.exceptions import ToolError

from .client import RsyncClient


class MirrorTools:
    def __init__(self, client: RsyncClient):
        self.client = client

    async def mirror(self, source: str, delete_extraneous: bool = False) -> str:
        code = await self.client.sync(source, delete=False)
        if code != 0:
            raise ToolError(f"rsync exited with {code}")
        return f"mirrored {source}"

    def register(self, mcp) -> None:
        mcp.tool(self.mirror, name="mirror_dir")
