import jsonschema
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .schemas import ARG_SCHEMAS


def checked_arguments(name: str, arguments: dict[str, str]) -> dict[str, str]:
    """The arguments of prompt name, validated against its JSON schema."""

    jsonschema.validate(arguments, ARG_SCHEMAS[name])

    return arguments
