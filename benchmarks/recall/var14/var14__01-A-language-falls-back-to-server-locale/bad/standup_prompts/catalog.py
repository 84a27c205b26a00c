import locale

import mcp.types as types

from .errors import invalid

SUPPORTED = {"en": "English", "de": "German", "fr": "French", "ja": "Japanese"}

PROMPTS = {
    "standup_summary": types.Prompt(
        name="standup_summary",
        description="Summarise yesterday's updates in the team's language",
        arguments=[
            types.PromptArgument(name="updates", description="raw updates, one per line", required=True),
            types.PromptArgument(name="language", description="ISO 639-1 code of the team language", required=True),
            types.PromptArgument(name="tone", description="formal or casual", required=False),
        ],
    ),
}


def team_language(arguments: dict[str, str]) -> str:
    code = arguments.get("language") or (locale.getlocale()[0] or "en_US")[:2]
    if code not in SUPPORTED:
        raise invalid(f"language must be one of {sorted(SUPPORTED)}")
    return SUPPORTED[code]


def standup_summary(arguments: dict[str, str]) -> types.GetPromptResult:
    if "updates" not in arguments:
        raise invalid("updates is required")
    language = team_language(arguments)
    tone = arguments.get("tone", "casual")
    text = f"Summarise these stand-up updates in {language}, in a {tone} tone:\n{arguments['updates']}"
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )


RENDERERS = {"standup_summary": standup_summary}
