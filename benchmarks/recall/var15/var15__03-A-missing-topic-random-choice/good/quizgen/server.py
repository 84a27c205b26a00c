from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

from .quiz import PROMPT, QuizPrompt
from .topics import TopicPicker


class QuizServer:
    def __init__(self):
        self.server = Server("quizgen")
        self.prompts = {PROMPT.name: QuizPrompt(TopicPicker())}
        self.server.list_prompts()(self.list_prompts)
        self.server.get_prompt()(self.get_prompt)

    async def list_prompts(self) -> list[types.Prompt]:
        return [PROMPT]

    async def get_prompt(self, name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name not in self.prompts:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"no prompt {name}"))
        return self.prompts[name].render(arguments or {})
