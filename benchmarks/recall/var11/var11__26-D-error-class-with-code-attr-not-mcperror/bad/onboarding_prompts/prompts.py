from mcp import types

from .args import need

ONBOARDING = types.Prompt(
    name="onboarding_plan",
    description="First-week plan for a new team member",
    arguments=[
        types.PromptArgument(name="role", description="Job title of the new hire", required=True),
        types.PromptArgument(name="team", description="Team they join", required=True),
        types.PromptArgument(name="remote", description="yes if fully remote", required=False),
    ],
)


def onboarding_plan(arguments: dict[str, str]) -> str:
    role = need(arguments, "role")
    team = need(arguments, "team")
    remote = arguments.get("remote", "no").lower() == "yes"
    setting = "a fully remote" if remote else "an office-based"
    return f"Draft a first-week onboarding plan for {setting} {role} joining {team}: people, systems, first task."


PROMPTS = {ONBOARDING.name: (ONBOARDING, onboarding_plan)}
