from datetime import datetime

import mcp.types as types
from mcp import MCPError
from mcp.server import ServerRequestContext

from .zones import zone

SCHEDULE = types.Prompt(
    name="schedule_meeting",
    description="Propose meeting slots in the organiser's time zone",
    arguments=[
        types.PromptArgument(name="topic", required=True),
        types.PromptArgument(name="timezone", description="IANA zone, e.g. Europe/Berlin", required=True),
    ],
)


class MeetingPrompts:
    async def list_prompts(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[SCHEDULE])

    async def get_prompt(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != SCHEDULE.name:
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown prompt {params.name}")
        args = params.arguments or {}
        missing = [a.name for a in SCHEDULE.arguments if a.name not in args]
        if missing:
            raise MCPError(code=types.INVALID_PARAMS, message=f"missing {missing}")
        tz = zone(args["timezone"])
        now = datetime.now(tz).strftime("%A %H:%M %Z")
        text = f"It is {now} for the organiser. Propose three 30-minute slots this week for: {args['topic']}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
