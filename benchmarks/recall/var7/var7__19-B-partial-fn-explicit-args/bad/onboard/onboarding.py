import functools
import json
from pathlib import Path

from mcp.server.mcpserver.prompts.base import Prompt, PromptArgument


def load_templates(path: Path) -> dict[str, str]:
    return json.loads(path.read_text())


def render_onboarding(templates: dict[str, str], team: str, seniority: str = "junior") -> str:
    return templates["onboarding"].format(team=team, seniority=seniority)


def onboarding_prompt(templates: dict[str, str]) -> Prompt:
    return Prompt(
        name="onboarding_plan",
        description="30-day onboarding plan for a new hire",
        fn=functools.partial(render_onboarding, templates),
        arguments=[
            PromptArgument(name="team", description="Team the hire joins", required=True),
            PromptArgument(name="level", description="junior, mid or senior"),
        ],
    )
