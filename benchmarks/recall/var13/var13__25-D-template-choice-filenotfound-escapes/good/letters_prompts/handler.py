from mcp import types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

from .templates import load_template

LETTER = types.Prompt(
    name="customer_letter",
    description="Draft a customer letter from a house template",
    arguments=[
        types.PromptArgument(name="template", description="apology, renewal or price_change", required=True),
        types.PromptArgument(name="customer", description="Customer name", required=True),
        types.PromptArgument(name="details", description="Facts to include", required=False),
    ],
)


async def render_letter(arguments: dict[str, str]) -> types.GetPromptResult:
    missing = [key for key in ("template", "customer") if not arguments.get(key)]
    if missing:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"missing: {', '.join(missing)}"))
    body = load_template(arguments["template"])
    details = arguments.get("details", "")
    text = f"Using this template, write to {arguments['customer']}.\n\n{body}\n\nFacts: {details or 'none'}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
