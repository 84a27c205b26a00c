import mcp.types as types
from mcp.shared.exceptions import McpError

from .languages import parse_languages

ONBOARDING = types.Prompt(
    name="onboarding_guide",
    description="Write an onboarding guide for a new engineer",
    arguments=[
        types.PromptArgument(name="team", description="Team the engineer joins", required=True),
        types.PromptArgument(name="languages", description="Comma-separated languages, e.g. 'python, go'", required=True),
    ],
)


def onboarding_guide(arguments: dict[str, str]) -> str:
    team = arguments.get("team", "").strip()
    if not team:
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="team is required"))
    raw = arguments.get("languages", "")
    languages = parse_languages(raw)
    steps = "\n".join(f"- install and configure the {lang} toolchain" for lang in languages)
    return (
        f"Write an onboarding guide for a new engineer on the {team} team.\n"
        f"The team works in: {raw}.\n"
        f"Day-one setup:\n{steps}"
    )
