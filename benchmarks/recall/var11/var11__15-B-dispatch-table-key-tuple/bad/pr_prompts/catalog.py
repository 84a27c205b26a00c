from mcp import types


def _arg(name: str, description: str, required: bool = True) -> types.PromptArgument:
    return types.PromptArgument(name=name, description=description, required=required)


PROMPTS = {
    p.name: p
    for p in [
        types.Prompt(
            name="review_pr",
            description="Review a pull request",
            arguments=[_arg("repo", "owner/name"), _arg("pull_request", "PR number"), _arg("focus", "What to focus on", False)],
        ),
        types.Prompt(
            name="summarize_issue",
            description="Summarise an issue thread",
            arguments=[_arg("repo", "owner/name"), _arg("issue", "Issue number")],
        ),
    ]
}
