import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .args import bind_arguments
from .catalog import PROMPTS

server = Server("oncall-prompts")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return list(PROMPTS.values())


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    prompt = PROMPTS.get(name)
    if prompt is None:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    args = bind_arguments(prompt, arguments)
    env = args["environment"]
    team = args["team"]

    notes = args["notes"] or "none"
    text = f"Prepare the on-call handoff for team {team} in {env}.\nNotes from the outgoing engineer: {notes}"
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )
