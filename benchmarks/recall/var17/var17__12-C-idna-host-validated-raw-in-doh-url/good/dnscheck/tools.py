from fastmcp.exceptions import ToolError

from .hosts import ascii_host
from .resolver import lookup

TYPES = ("A", "AAAA", "MX", "TXT")


class DnsTools:
    def __init__(self, server) -> None:
        server.tool(name="resolve")(self.resolve)

    async def resolve(self, host: str, rtype: str = "A") -> dict:
        if rtype not in TYPES:
            raise ToolError(f"rtype must be one of {TYPES}")
        return await lookup(host, ascii_host(host), rtype)
