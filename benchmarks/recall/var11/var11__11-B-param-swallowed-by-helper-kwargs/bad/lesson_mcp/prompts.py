from mcp.server.fastmcp import FastMCP

from . import compose


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="lesson_plan", description="Plan one lesson")
    def lesson_plan(
        topic: str,
        level: str = "beginner",
        minutes: int = 45,
        language: str = "English",
    ) -> str:
        return compose.lesson_plan(topic=topic, level=level, minutes=minutes, language=language)

    @mcp.prompt(name="quiz", description="Write a short quiz")
    def quiz(topic: str, questions: int = 5) -> str:
        return compose.quiz(topic=topic, questions=questions)
