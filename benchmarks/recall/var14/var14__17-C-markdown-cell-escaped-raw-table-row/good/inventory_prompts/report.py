import mcp.types as types
from mcp.shared.exceptions import McpError

from .markdown import md_cell, table

DECLARATION = types.Prompt(
    name="asset_report",
    description="Summarise an asset and its owner as a Markdown table",
    arguments=[
        types.PromptArgument(name="asset", required=True),
        types.PromptArgument(name="owner", required=True),
    ],
)


def render(arguments: dict[str, str]) -> types.GetPromptResult:
    missing = [a.name for a in DECLARATION.arguments if a.required and not arguments.get(a.name)]
    if missing:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"missing: {missing}"))
    asset, owner = md_cell(arguments["asset"]), md_cell(arguments["owner"])
    body = table(["asset", "owner"], [[asset, owner]])
    text = f"Review this asset record and list missing fields:\n\n{body}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
