from mcp.server.fastmcp.prompts.base import AssistantMessage, UserMessage

from .app import mcp


@mcp.prompt(name="compare_designs")
def compare_designs(baseline: str, proposal: str, criteria: str = "cost, risk and complexity") -> list:
    return [
        UserMessage(f"Baseline design:\n{baseline}"),
        UserMessage(f"Proposed design:\n{baseline}"),
        AssistantMessage(f"I will compare them on {criteria}."),
    ]
