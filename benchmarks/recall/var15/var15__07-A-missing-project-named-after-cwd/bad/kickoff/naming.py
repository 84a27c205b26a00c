from pathlib import Path

from fastmcp.exceptions import ValidationError


def project_name(arguments: dict) -> str:
    name = (arguments.get("project") or "").strip()
    if not name:
        name = Path.cwd().name
    return name
