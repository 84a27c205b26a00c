from pathlib import Path

from fastmcp import FastMCP

from .store import SettingsFile

mcp = FastMCP("settings")
SETTINGS = SettingsFile(Path.home() / ".config" / "app" / "settings.json")


@mcp.tool
def set_setting(key: str, value: str) -> bool:
    """Store one setting in the user settings file."""
    return SETTINGS.put(key, value)
