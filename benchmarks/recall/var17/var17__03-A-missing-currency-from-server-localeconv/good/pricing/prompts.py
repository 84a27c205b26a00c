from fastmcp.prompts import Prompt
from fastmcp.prompts.prompt import PromptArgument

from .money import currency_code


class QuotePrompt(Prompt):
    async def render(self, arguments: dict | None = None):
        arguments = arguments or {}
        code = currency_code(arguments)
        plan = arguments.get("plan", "team")
        return f"Write a price quote for the {plan} plan in {code}."


def register(server) -> None:
    server.add_prompt(QuotePrompt(
        name="quote",
        description="Price quote",
        arguments=[
            PromptArgument(name="currency", description="ISO 4217 code", required=True),
            PromptArgument(name="plan", description="Plan name", required=False),
        ],
    ))
