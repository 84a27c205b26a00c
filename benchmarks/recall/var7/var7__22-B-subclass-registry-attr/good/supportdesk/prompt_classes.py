from typing import Any

from fastmcp.prompts import Message, Prompt, PromptArgument


class EscalationPrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        ticket = args.get("ticket_id")
        if not ticket:
            raise ValueError("ticket_id is required")
        return [Message(f"Write an escalation note for ticket {ticket} to the on-call engineer.")]


PROMPT_CLASSES = {
    "escalation_note": (
        EscalationPrompt,
        "Escalation note for a ticket",
        [PromptArgument(name="ticket_id", description="Ticket number", required=True)],
    ),
}
