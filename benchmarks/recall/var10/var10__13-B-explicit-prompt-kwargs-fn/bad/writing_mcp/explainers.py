from mcp.server.fastmcp.prompts.base import Message, UserMessage


def explain_concept(**kwargs: str) -> list[Message]:
    concept = kwargs["concept"]
    reader = kwargs.get("reader", "developers")
    return [UserMessage(f"Explain {concept} to {reader}. Start from what they already know.")]


def compare(**kwargs: str) -> list[Message]:
    return [UserMessage(f"Compare {kwargs['first']} and {kwargs['second']}: strengths, weaknesses, when to use each.")]
