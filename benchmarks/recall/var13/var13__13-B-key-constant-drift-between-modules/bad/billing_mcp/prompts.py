from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from . import keys, legacy


class InvoiceExplainPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        account = args.get(keys.ACCOUNT)
        if not account:
            raise ValueError("account_id is required")
        period = args.get(legacy.PERIOD) or "the current period"
        return [Message(f"Explain every line of the invoice of account {account} for {period}, and flag anything unusual.")]


def invoice_prompt() -> InvoiceExplainPrompt:
    return InvoiceExplainPrompt(
        name="explain_invoice",
        description="Explain an invoice line by line",
        arguments=[
            PromptArgument(name=keys.ACCOUNT, description="Customer account", required=True),
            PromptArgument(name=keys.PERIOD, description="YYYY-MM; default: current period", required=False),
        ],
    )
