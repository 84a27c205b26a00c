import asyncio

from mcp.server.fastmcp import Context, FastMCP
from mcp.server.fastmcp.exceptions import ToolError

from .images import parse_image


def register(mcp: FastMCP) -> None:
    @mcp.tool()
    async def pull_image(image: str, ctx: Context) -> str:
        """Pull a container image from a trusted registry."""
        ref = parse_image(image)
        await ctx.info(f"pulling {ref}")
        proc = await asyncio.create_subprocess_exec("docker", "pull", str(ref), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await proc.communicate()
        if proc.returncode != 0:
            raise ToolError(out.decode()[-2000:])
        return f"pulled {ref}"
