import asyncio
import socket
from typing import Any

from mcp import types

PING = types.Tool(
    name="probe_host",
    description="Ping a host and report packet loss",
    inputSchema={
        "type": "object",
        "properties": {"host": {"type": "string"}, "count": {"type": "integer", "minimum": 1, "maximum": 20}},
        "required": ["host"],
    },
)


def _target(arguments: dict[str, Any]) -> str:
    return arguments["host"]


async def probe(arguments: dict[str, Any]) -> list[types.TextContent]:
    host = _target(arguments)
    count = int(arguments.get("count", 3))
    proc = await asyncio.create_subprocess_exec("ping", "-c", str(count), "--", host, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"ping {host} failed")
    return [types.TextContent(type="text", text=out.decode().splitlines()[-2])]
