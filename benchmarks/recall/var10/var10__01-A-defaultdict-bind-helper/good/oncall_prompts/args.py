from collections import defaultdict
from collections.abc import Mapping

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, Prompt


def bind_arguments(prompt: Prompt, arguments: Mapping[str, str] | None) -> Mapping[str, str]:
    """Return the caller's arguments; anything left out reads as an empty string."""
    supplied = {k: v.strip() for k, v in (arguments or {}).items()}
    missing = [a.name for a in prompt.arguments or [] if a.required and not supplied.get(a.name)]
    if missing:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing required arguments: {', '.join(missing)}"))
    return defaultdict(str, supplied)
