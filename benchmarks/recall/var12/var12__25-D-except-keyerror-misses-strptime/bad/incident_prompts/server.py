import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .prompts import TIMELINE, incident_timeline

PROMPTS = {TIMELINE.name: (TIMELINE, incident_timeline)}

app = Server("incident-prompts")


@app.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [prompt for prompt, _ in PROMPTS.values()]


@app.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name not in PROMPTS:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    _, render = PROMPTS[name]
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=render(arguments or {})))]
    )
