import asyncio
import re
import socket

HOST_RE = re.compile(r"(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}")


class ToolInputError(Exception):
    """An argument problem, reported to the model as an is_error result."""


async def _lookup_into(name: str, results: dict[str, list[str]]) -> None:
    host = name.strip().lower().rstrip(".")
    if not HOST_RE.fullmatch(host):
        raise ToolInputError(f"not a hostname: {name!r}")
    infos = await asyncio.get_running_loop().getaddrinfo(host, None, type=socket.SOCK_STREAM)
    results[host] = sorted({info[4][0] for info in infos})


async def lookup_all(names: list[str]) -> dict[str, list[str]]:
    results: dict[str, list[str]] = {}
    await asyncio.gather(*(_lookup_into(name, results) for name in names))
    return results
