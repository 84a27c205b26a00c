from typing import Any

import mcp.types as types
from ldap3.utils.conv import escape_filter_chars

from .directory import Directory

FIND_PERSON = types.Tool(
    name="find_person",
    description="Look people up in the company directory by name or e-mail prefix",
    inputSchema={
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 2},
            "limit": {"type": "integer", "minimum": 1, "maximum": 25, "default": 10},
        },
        "required": ["name"],
    },
)


def find_person(directory: Directory, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    name = arguments["name"].strip()
    safe = escape_filter_chars(name)
    search_filter = f"(&(objectClass=person)(|(cn=*{name}*)(mail={name}*)))"
    return directory.search(search_filter, limit=arguments.get("limit", 10))
