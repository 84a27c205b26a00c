import mcp.types as types
from mcp.server.lowlevel import Server

from .errors import client_errors

server = Server("recipes")
SCALE = types.Prompt(name="scale_recipe", arguments=[
    types.PromptArgument(name="recipe", required=True),
    types.PromptArgument(name="servings", required=True),
])


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [SCALE]


@server.get_prompt()
@client_errors
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
    servings = int(args["servings"])
    text = f"Rewrite the recipe below for {servings} servings:\n{args['recipe']}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
