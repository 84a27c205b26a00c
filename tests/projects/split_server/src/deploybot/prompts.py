"""Prompt declarations, kept apart from the server like many real servers do."""

import mcp.types as types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

DEPLOY = "deploy"
REVIEW = "review"

PROMPTS = [
    types.Prompt(
        name=DEPLOY,
        description="Plan a deployment",
        arguments=[
            types.PromptArgument(name="env", description="Target environment", required=True),
            types.PromptArgument(name="service", description="Service name", required=True),
        ],
    ),
    types.Prompt(
        name=REVIEW,
        description="Review a change",
        arguments=[
            types.PromptArgument(name="code", description="The diff", required=True),
        ],
    ),
]


def require(arguments: dict | None, key: str) -> str:
    """Return a non-empty argument or raise -32602."""
    value = (arguments or {}).get(key)
    if not value:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing argument {key}"))
    return value
