from mcp import MCPError, types

from .tones import tone_of

REPLY = types.Prompt(
    name="reply_email",
    description="Draft a reply",
    arguments=[
        types.PromptArgument(name="email", required=True),
        types.PromptArgument(name="tone", description="formal|friendly|neutral", required=True),
    ],
)


def reply(arguments: dict[str, str]) -> types.GetPromptResult:
    email = arguments.get("email")
    if not email:
        raise MCPError(code=types.INVALID_PARAMS, message="email is required")
    tone = tone_of(arguments.get("tone"))
    text = f"Reply to this email in a {tone.value} tone:\n\n{email}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
