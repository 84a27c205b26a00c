import json
import os

import mcp.types as types
from mcp.server.lowlevel import Server

from .directory import Directory
from .tools import FIND_PERSON, find_person

server = Server("people")
directory = Directory(os.environ["LDAP_URL"], os.environ["LDAP_BIND_DN"], os.environ["LDAP_PASSWORD"])


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [FIND_PERSON]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
    if name != FIND_PERSON.name:
        raise ValueError(f"Unknown tool: {name}")
    people = find_person(directory, arguments)
    return [types.TextContent(type="text", text=json.dumps(people, default=str))]
