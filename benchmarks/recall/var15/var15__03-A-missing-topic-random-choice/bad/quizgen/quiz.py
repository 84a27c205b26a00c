from mcp import types
from mcp.shared.exceptions import McpError

from .topics import TopicPicker

PROMPT = types.Prompt(
    name="quiz",
    description="Generate a short quiz",
    arguments=[
        types.PromptArgument(name="topic", description="one of the course topics", required=True),
        types.PromptArgument(name="questions", description="how many questions", required=False),
    ],
)


class QuizPrompt:
    def __init__(self, picker: TopicPicker):
        self.picker = picker

    def render(self, arguments: dict[str, str]) -> types.GetPromptResult:
        topic = self.picker.pick(arguments.get("topic"))
        if topic is None:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="topic must be one of the course topics"))
        raw_n = arguments.get("questions", "5")
        if not raw_n.isdigit():
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="questions must be a number"))
        text = f"Write {int(raw_n)} multiple-choice questions about {topic}."
        return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
