"""Run by a test-only environment that has an MCP SDK installed (never by mcplint itself):
import one of our own test servers, connect the SDK's in-memory client and print what the
server lists (prompts, tools, resources, resource templates) as JSON on stdout.

Usage: ``python list_server.py SERVER_FILE VARIABLE``. The in-memory clients are
``fastmcp.Client`` for fastmcp servers, ``mcp.Client`` on mcp 2.x and
``mcp.shared.memory.create_connected_server_and_client_session`` on mcp 1.x.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import sys


def load(path: str, variable: str):
    """The server object ``variable`` of the module at ``path`` (imported as part of its
    package when its folder is one, so relative imports work)."""
    folder, name = os.path.split(os.path.abspath(path))
    parts = [name[:-3]]
    while os.path.exists(os.path.join(folder, "__init__.py")):
        folder, package = os.path.split(folder)
        parts.insert(0, package)
    if len(parts) > 1:
        sys.path.insert(0, folder)
        return getattr(importlib.import_module(".".join(parts)), variable)
    spec = importlib.util.spec_from_file_location("server_under_test", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["server_under_test"] = module
    spec.loader.exec_module(module)
    return getattr(module, variable)


def wire(items) -> list[dict]:
    return [item.model_dump(mode="json", by_alias=True, exclude_none=True) for item in items]


async def listed(server) -> dict:
    kind = type(server).__module__
    if kind.startswith("fastmcp"):
        from fastmcp import Client

        async with Client(server) as client:
            return {"prompts": wire(await client.list_prompts()), "tools": wire(await client.list_tools()),
                    "resources": wire(await client.list_resources()),
                    "resource_templates": wire(await client.list_resource_templates())}
    try:
        from mcp import Client  # mcp 2.x
    except ImportError:
        from mcp.shared.memory import create_connected_server_and_client_session

        lowlevel = getattr(server, "_mcp_server", server)
        async with create_connected_server_and_client_session(lowlevel) as session:
            return await _session_lists(session)
    async with Client(server) as client:
        return await _session_lists(client)


async def _session_lists(session) -> dict:
    result = {}
    for key, call, field in (("prompts", "list_prompts", "prompts"), ("tools", "list_tools", "tools"),
                             ("resources", "list_resources", "resources"),
                             ("resource_templates", "list_resource_templates", "resource_templates")):
        try:
            answer = await getattr(session, call)()
        except Exception:  # noqa: BLE001 - a server without that capability
            result[key] = []
            continue
        items = getattr(answer, field, None)
        if items is None:
            items = getattr(answer, "resourceTemplates", [])
        result[key] = wire(items)
    return result


if __name__ == "__main__":
    print(json.dumps(asyncio.run(listed(load(sys.argv[1], sys.argv[2])))))
