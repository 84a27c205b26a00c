from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import ErrorData, INVALID_PARAMS

from . import args as argmod
from .catalog import RETRO


class RetroServer:
    def __init__(self) -> None:
        self.server = Server("sprint-retro")
        self.server.list_prompts()(self.list_prompts)
        self.server.get_prompt()(self.get_prompt)

    async def list_prompts(self) -> list[types.Prompt]:
        return [RETRO]

    async def get_prompt(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != RETRO.name:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"unknown prompt: {name}"))
        args = argmod.wrap(arguments)
        try:
            team = args["team"]
            sprint = argmod.sprint_no(args)
        except KeyError as exc:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing argument {exc}"))
        if not team:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="team is required"))
        text = f"Prepare the retro agenda for team {team}, sprint {sprint}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
