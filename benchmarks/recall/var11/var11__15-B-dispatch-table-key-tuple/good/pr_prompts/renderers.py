def review_pr(repo: str | None, number: str | None, focus: str | None) -> str:
    extra = f" Pay special attention to {focus}." if focus else ""
    return f"Review pull request #{number} in {repo}: correctness, tests, naming.{extra}"


def summarize_issue(repo: str | None, number: str | None) -> str:
    return f"Summarise the discussion in issue #{number} of {repo} and list the open questions."


TABLE = {
    "review_pr": (review_pr, ("repo", "pull_request", "focus")),
    "summarize_issue": (summarize_issue, ("repo", "issue")),
}
