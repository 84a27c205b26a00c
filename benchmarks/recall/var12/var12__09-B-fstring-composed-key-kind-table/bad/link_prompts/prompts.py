import mcp.types as types

from .links import link_argument

PROMPTS = [
    types.Prompt(
        name="triage_issue",
        description="Triage a GitHub issue",
        arguments=[
            types.PromptArgument(name="issue_url", description="Link to the issue", required=True),
            types.PromptArgument(name="severity", description="Suggested severity", required=False),
        ],
    ),
    types.Prompt(
        name="review_pr",
        description="Review a pull request",
        arguments=[
            types.PromptArgument(name="pr_url", description="Link to the pull request", required=True),
            types.PromptArgument(name="checklist", description="Extra review checklist", required=False),
        ],
    ),
]


def triage_issue(arguments: dict[str, str]) -> str:
    url = link_argument("triage_issue", arguments)
    severity = arguments.get("severity", "unknown")
    return f"Read {url}, reproduce it if you can, and propose labels. Reported severity: {severity}."


def review_pr(arguments: dict[str, str]) -> str:
    url = link_argument("review_pr", arguments)
    checklist = arguments.get("checklist", "")
    return f"Review the pull request at {url}. Check tests, naming and error handling.\n{checklist}"


RENDER = {"triage_issue": triage_issue, "review_pr": review_pr}
