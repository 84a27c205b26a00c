import mcp.types as types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .timeutil import window


class StandupPrompts:
    def __init__(self, team: str) -> None:
        self.team = team

    def declared(self) -> list[types.Prompt]:
        return [types.Prompt(name="standup_digest", arguments=[
            types.PromptArgument(name="since", required=True),
            types.PromptArgument(name="days", required=False),
        ])]

    def standup_digest(self, args: dict[str, str]) -> types.GetPromptResult:
        if "since" not in args:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="since is required"))
        start, end = window(args["since"], args.get("days"))
        text = f"Summarise what {self.team} shipped between {start} and {end}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
