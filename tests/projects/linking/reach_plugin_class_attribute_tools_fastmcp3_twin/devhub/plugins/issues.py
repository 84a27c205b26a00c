ISSUES = {101: "Crash on start", 102: "Typo in docs"}


def issue_title(number: int) -> str:
    """The title of an issue."""
    if number not in ISSUES:
        raise ValueError(f"no issue #{number}")  # ok: the fix of the twin
    return ISSUES[number]


class IssuesPlugin:
    name = "issues"
    tools = [issue_title]
