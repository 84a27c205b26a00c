from mcp import MCPError, types
from mcp.types import INVALID_PARAMS

from .fill import with_defaults


def faq_text(arguments) -> str:
    args = with_defaults(arguments)
    topic = args.get("topic")
    audience = args.get("audience")
    if topic is None or audience is None:
        raise MCPError(code=INVALID_PARAMS, message="topic and audience are required")
    return f"Write FAQ entries about {topic} for {audience}, in {args['language']}."
