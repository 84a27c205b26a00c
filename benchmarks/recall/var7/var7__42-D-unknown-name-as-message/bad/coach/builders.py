from mcp import MCPError, types


def _user(text: str) -> types.GetPromptResult:
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )


def interview_prep(args: dict[str, str]) -> types.GetPromptResult:
    role = args.get("role")
    if not role:
        raise MCPError(code=types.INVALID_PARAMS, message="role is required")
    return _user(f"Ask me five interview questions for a {role} position, one at a time.")


BUILDERS = {"interview_prep": interview_prep}
PROMPTS = [
    types.Prompt(
        name="interview_prep",
        description="Mock interview",
        arguments=[types.PromptArgument(name="role", description="Job title", required=True)],
    )
]
