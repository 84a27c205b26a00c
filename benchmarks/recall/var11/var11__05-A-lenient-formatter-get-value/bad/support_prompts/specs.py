from dataclasses import dataclass

from mcp import types


@dataclass(frozen=True)
class PromptSpec:
    prompt: types.Prompt
    template: str


def _arg(name: str, description: str, required: bool) -> types.PromptArgument:
    return types.PromptArgument(name=name, description=description, required=required)


SPECS = {
    spec.prompt.name: spec
    for spec in [
        PromptSpec(
            types.Prompt(
                name="customer_reply",
                description="Draft a reply to a customer about an order",
                arguments=[
                    _arg("customer", "Customer's name", True),
                    _arg("order_id", "Order number", True),
                    _arg("context", "What the customer wrote", False),
                ],
            ),
            "Write a reply to {customer} about order {order_id}. Be concise and specific.\n{context}",
        ),
    ]
}
