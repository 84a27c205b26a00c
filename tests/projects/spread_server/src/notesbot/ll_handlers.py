import mcp.types as types

from .ll_app import server


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
    if name != "recap" or not args.get("week"):
        raise ValueError("bad request")
    month = args.get("month", "")
    return types.GetPromptResult(description=f"{args['week']} {month}", messages=[])
