import re

from fastmcp.exceptions import ToolError

REGISTRIES = {
    "pypi": "https://pypi.org/pypi/{name}/json",
    "npm": "https://registry.npmjs.org/{name}/latest",
}


def canonical_name(package: str) -> str:
    name = re.sub(r"[-_.]+", "-", package).lower()
    name = re.sub(r"[^a-z0-9-]", "", name)
    if not name:
        raise ToolError("package name is empty")
    return name
