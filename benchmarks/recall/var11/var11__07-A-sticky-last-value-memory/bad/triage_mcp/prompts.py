from typing import Any

from fastmcp.prompts import Message, Prompt, PromptArgument

from .memory import MEMORY

TRIAGE_ARGS = [
    PromptArgument(name="project", description="Project key, e.g. WEB", required=True),
    PromptArgument(name="sprint", description="Sprint to triage, e.g. 2027.03", required=True),
    PromptArgument(name="focus", description="bugs, debt or features", required=False),
]


class TriagePrompt(Prompt):
    async def render(self, arguments: dict[str, Any] | None = None) -> list[Message]:
        args = arguments or {}
        project = args.get("project")
        if not project:
            raise ValueError("project is required")
        sprint = args.get("sprint") or MEMORY.recall(project)

        MEMORY.remember(project, sprint)
        focus = args.get("focus") or "everything"
        return [Message(f"Triage the {project} backlog for sprint {sprint}; focus on {focus}.")]


def triage_prompts() -> list[Prompt]:
    return [TriagePrompt(name="triage_backlog", description="Triage a sprint backlog", arguments=TRIAGE_ARGS)]
