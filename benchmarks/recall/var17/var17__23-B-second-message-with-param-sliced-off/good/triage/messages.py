from mcp.server.mcpserver.prompts.base import AssistantMessage, Message, UserMessage

MAX_MESSAGES = 3


def conversation(report: str, context: str) -> list[Message]:
    msgs: list[Message] = [
        UserMessage(f"Triage this bug report:\n{report}"),
        UserMessage(f"Relevant context from the reporter:\n{context}"),
        AssistantMessage("I will classify severity, component and next step."),
    ]
    return msgs[:MAX_MESSAGES]
