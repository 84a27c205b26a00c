from mcp import types
from mcp.shared.exceptions import McpError


class StandupPrompts:
    def __init__(self, config: dict):
        self.home_team = config.get("team", "platform")

    def _team(self, args: dict) -> str:
        return args.get("team") or self.home_team  # error: MCP101

    def summary(self, args: dict) -> types.GetPromptResult:
        team = self._team(args)
        day = args.get("day")
        if not day:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="day is required"))
        text = f"Summarise the {day} standup notes of team {team}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
