import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .render import lesson_text
from .validation import validate_lesson

LESSON_PROMPT = types.Prompt(
    name="lesson_plan",
    description="Plan a course of lessons",
    arguments=[
        types.PromptArgument(name="topic", description="Subject to teach", required=True),
        types.PromptArgument(name="level", description="beginner, intermediate or advanced", required=True),
        types.PromptArgument(name="sessions", description="Number of sessions (1-20)", required=True),
        types.PromptArgument(name="notes", description="Anything about the learner", required=False),
    ],
)


class TutorServer:
    def __init__(self, name: str = "tutor") -> None:
        self.server = Server(name)
        self.server.list_prompts()(self.list_prompts)
        self.server.get_prompt()(self.get_prompt)

    async def list_prompts(self) -> list[types.Prompt]:
        return [LESSON_PROMPT]

    async def get_prompt(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != LESSON_PROMPT.name:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
        raw = arguments or {}
        lesson = validate_lesson(raw)
        return types.GetPromptResult(
            messages=[
                types.PromptMessage(role="user", content=types.TextContent(type="text", text=lesson_text(lesson, raw)))
            ]
        )


app = TutorServer()
