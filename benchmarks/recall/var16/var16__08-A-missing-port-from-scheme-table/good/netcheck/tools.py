import asyncio

from mcp import types

from .ports import port_for

PROBE = types.Tool(
    name="probe_port",
    description="Open a TCP connection to host:port",
    inputSchema={
        "type": "object",
        "properties": {"host": {"type": "string"}, "port": {"type": "integer"}, "scheme": {"type": "string"}},
        "required": ["host", "port"],
    },
)


async def probe(arguments: dict) -> list[types.TextContent]:
    host = arguments["host"]
    port = port_for(arguments)
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout=3)
    except (OSError, asyncio.TimeoutError) as exc:
        raise RuntimeError(f"{host}:{port} unreachable: {exc}")
    writer.close()
    return [types.TextContent(type="text", text=f"{host}:{port} open")]
