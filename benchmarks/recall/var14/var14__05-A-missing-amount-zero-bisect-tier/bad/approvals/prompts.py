from typing import Any

from fastmcp.prompts.prompt import Message, Prompt, PromptArgument, PromptMessage

from .policy import approver_for


class ApprovalRequestPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[PromptMessage]:
        args = arguments or {}
        vendor = args.get("vendor", "").strip()
        if not vendor:
            raise ValueError("vendor is required")
        amount = float(args.get("amount", 0))
        currency = args.get("currency", "EUR")
        return [Message(f"Write a purchase approval request to the {approver_for(amount)} for "
                        f"{amount:,.2f} {currency} to {vendor}.")]


ALL_PROMPTS = [
    ApprovalRequestPrompt(
        name="approval_request",
        description="Purchase approval request routed by amount",
        arguments=[
            PromptArgument(name="vendor", required=True),
            PromptArgument(name="amount", description="order total", required=True),
            PromptArgument(name="currency", required=False),
        ],
    )
]
