from fastmcp.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

TEMPLATES = {
    "tutorial": "Write a step-by-step tutorial on {topic} for {reader}. Every step ends with something the reader can run.",
    "howto": "Write a how-to guide that solves one task: {topic}. Assume {reader} already knows the basics.",
    "reference": "Write reference documentation for {topic}: every option, its type, default and one example.",
}


def pick_template(kind: str) -> str:
    try:
        return TEMPLATES[kind]
    except KeyError:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"kind must be one of {', '.join(TEMPLATES)}")) from None
