import mcp.types as types
from mcp.shared.exceptions import McpError

from . import args

DECLARATION = types.Prompt(
    name="explain_api",
    description="Explain an API endpoint to a given reader",
    arguments=[args.ENDPOINT, args.READER, args.DEPTH],
)

READERS = {"support": "a support agent", "partner": "an integration partner", "engineer": "a backend engineer"}


def render(arguments: dict[str, str]) -> str:
    endpoint = arguments.get("endpoint")
    if not endpoint:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="endpoint is required"))
    reader = READERS.get(arguments.get("audience", "engineer"))
    if reader is None:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"reader must be one of {sorted(READERS)}"))
    depth = arguments.get("depth", "short")
    return f"Give a {depth} explanation of {endpoint} for {reader}."
