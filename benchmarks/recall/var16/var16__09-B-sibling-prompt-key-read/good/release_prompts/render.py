from mcp import McpError
from mcp.types import ErrorData, INVALID_PARAMS


def need(args: dict[str, str], key: str) -> str:
    if not args.get(key):
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{key} is required"))
    return args[key]


def compare_tags(args: dict[str, str]) -> str:
    return f"Summarise the commits between {need(args, 'from_tag')} and {need(args, 'to_tag')}."


def release_notes(args: dict[str, str]) -> str:
    since = need(args, "since_tag")
    audience = args.get("audience", "developers")
    return f"Write release notes for {audience} covering everything since {since}."


RENDERERS = {"compare_tags": compare_tags, "release_notes": release_notes}
