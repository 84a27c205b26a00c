import getpass

from mcp import MCPError, types


def owner_of(arguments: dict[str, str]) -> str:
    owner = arguments.get("owner")
    if owner is None:
        owner = getpass.getuser()
    return owner.strip().lstrip("@")
