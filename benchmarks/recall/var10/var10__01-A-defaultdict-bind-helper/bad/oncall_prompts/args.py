from collections import defaultdict
from collections.abc import Mapping

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData, Prompt


def bind_arguments(prompt: Prompt, arguments: Mapping[str, str] | None) -> Mapping[str, str]:
    """Return the caller's arguments; anything left out reads as an empty string."""
    supplied = {k: v.strip() for k, v in (arguments or {}).items()}
    return defaultdict(str, supplied)
