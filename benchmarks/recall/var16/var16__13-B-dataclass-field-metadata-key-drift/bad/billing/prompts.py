from fastmcp.prompts.prompt import Message, Prompt, PromptArgument

from .spec import declared, read


class InvoiceExplainer(Prompt):
    async def render(self, arguments=None):
        spec = read(arguments or {})
        return [Message(f"Explain the {spec.month} invoice of {spec.customer}, amounts in {spec.currency}.")]


def build_prompt() -> InvoiceExplainer:
    return InvoiceExplainer(
        name="explain_invoice",
        arguments=[PromptArgument(name=n, required=r) for n, r in declared()],
    )
