from mcp import McpError, types
from mcp.server.lowlevel import Server
from mcp.types import INVALID_PARAMS, ErrorData

STOCK = types.Prompt(name="stock_check", arguments=[
    types.PromptArgument(name="sku", required=True),
    types.PromptArgument(name="warehouse", required=True),
])
NAMES = [a.name for a in STOCK.arguments]
server = Server("inventory")


def fill(arguments):
    values = dict.fromkeys(NAMES, "n/a")  # error: MCP101
    values.update(arguments or {})
    for arg in STOCK.arguments:
        if arg.required and not values[arg.name]:
            raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{arg.name} is required"))
    return values


@server.list_prompts()
async def list_prompts():
    return [STOCK]


@server.get_prompt()
async def get_prompt(name, arguments):
    if name != STOCK.name:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="unknown prompt"))
    v = fill(arguments)
    text = f"Check stock of {v['sku']} in {v['warehouse']}."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
