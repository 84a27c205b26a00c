from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Prompt, PromptArgument

from .limits import how_many


class Brainstorm(Prompt):
    async def render(self, arguments=None):
        args = dict(arguments or {})
        topic = args.get("topic")
        if not topic:
            raise ValidationError("topic is required")
        n = how_many(args)
        return f"List {n} distinct ideas about {topic}."


def register(mcp) -> None:
    mcp.add_prompt(
        Brainstorm(
            name="brainstorm",
            description="Brainstorm ideas",
            arguments=[PromptArgument(name="topic", required=True), PromptArgument(name="count", required=True)],
        )
    )
