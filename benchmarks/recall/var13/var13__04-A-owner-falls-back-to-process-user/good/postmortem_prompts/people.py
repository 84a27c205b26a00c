import getpass

from mcp import MCPError, types


def owner_of(arguments: dict[str, str]) -> str:
    owner = arguments.get("owner")
    if owner is None:
        raise MCPError(code=types.INVALID_PARAMS, message="owner is required")
    return owner.strip().lstrip("@")
