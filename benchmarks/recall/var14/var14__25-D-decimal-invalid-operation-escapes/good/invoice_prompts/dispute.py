import mcp.types as types
from mcp.shared.exceptions import McpError

from .money import parse_amount

DECLARATION = types.Prompt(
    name="invoice_dispute",
    description="Draft a reply to a disputed invoice",
    arguments=[
        types.PromptArgument(name="invoice", required=True),
        types.PromptArgument(name="amount", description="disputed amount, e.g. 120.50", required=True),
        types.PromptArgument(name="reason", required=False),
    ],
)


class DisputePrompt:
    declaration = DECLARATION

    def __call__(self, arguments: dict[str, str]) -> types.GetPromptResult:
        for arg in self.declaration.arguments:
            if arg.required and arg.name not in arguments:
                raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"{arg.name} is required"))
        amount = parse_amount(arguments["amount"])
        reason = arguments.get("reason", "not stated")
        text = f"Draft a courteous reply disputing {amount} on invoice {arguments['invoice']}. Reason: {reason}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
