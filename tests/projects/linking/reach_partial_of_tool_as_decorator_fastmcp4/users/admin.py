from fastmcp.exceptions import ToolError

from .server import admin_tool, mcp

USERS = {"u1": {"name": "Ada", "active": True}}


@admin_tool
def deactivate_user(user_id: str) -> str:
    """Deactivate a user account."""
    user = USERS.get(user_id)
    if user is None:
        return f"Error: user {user_id} not found"  # error: MCP204
    user["active"] = False
    return f"{user['name']} deactivated"


@mcp.tool
def user_name(user_id: str) -> str:
    """The name of a user."""
    if user_id not in USERS:
        raise ToolError(f"user {user_id} not found")
    return USERS[user_id]["name"]
