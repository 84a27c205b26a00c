from mcp import types
from mcp.shared.exceptions import McpError

FRAMEWORKS = {"soc2", "iso27001", "pci"}


def framework_of(arguments: dict[str, str]) -> str:
    fw = arguments.get("framework", "").lower()
    if fw not in FRAMEWORKS:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"framework must be one of {sorted(FRAMEWORKS)}"))
    return fw
