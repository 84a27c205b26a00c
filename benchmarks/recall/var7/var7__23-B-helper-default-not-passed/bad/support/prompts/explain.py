from typing import Annotated

from fastmcp.prompts import Message
from pydantic import Field

from ..server import mcp


def _messages(error_text: str, tone: str = "friendly") -> list[Message]:
    return [
        Message(f"Explain this error to a customer in a {tone} tone:\n\n{error_text}"),
        Message("Sure. First, what the error means:", role="assistant"),
    ]


@mcp.prompt(name="explain_error", tags={"support"})
def explain_error(
    error_text: Annotated[str, Field(description="The error message")],
    tone: Annotated[str, Field(description="friendly or formal")] = "friendly",
) -> list[Message]:
    return _messages(error_text)
