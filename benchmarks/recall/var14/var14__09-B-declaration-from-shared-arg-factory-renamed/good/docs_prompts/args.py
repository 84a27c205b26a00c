import mcp.types as types


def required(name: str, description: str) -> types.PromptArgument:
    return types.PromptArgument(name=name, description=description, required=True)


def optional(name: str, description: str) -> types.PromptArgument:
    return types.PromptArgument(name=name, description=description, required=False)


ENDPOINT = required("endpoint", "API path, e.g. /v1/orders")
READER = required("reader", "who the explanation is for: support, partner or engineer")
DEPTH = optional("depth", "short or detailed")
