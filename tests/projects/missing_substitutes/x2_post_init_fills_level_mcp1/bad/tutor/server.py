from dataclasses import dataclass

from mcp import types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError


@dataclass
class Lesson:
    topic: str
    level: str

    def __post_init__(self):
        if not self.topic:
            raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="topic is required"))
        if self.level == "":
            self.level = "beginner"  # error: MCP101


server = Server("tutor")


@server.list_prompts()
async def list_prompts():
    return [types.Prompt(name="lesson", arguments=[types.PromptArgument(name="topic", required=True),
                                                   types.PromptArgument(name="level", required=True)])]


@server.get_prompt()
async def get_prompt(name, arguments):
    args = arguments or {}
    lesson = Lesson(topic=args.get("topic", ""), level=args.get("level", ""))
    text = f"Teach {lesson.topic} at {lesson.level} level."
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
