"""Prompt functions and their published arguments."""


def summarize_pr(url: str, depth: str = "short") -> str:
    return f"Summarise the pull request at {url} ({depth} summary)."


def draft_reply(comment: str) -> str:
    return f"Draft a courteous reply to this review comment:\n\n{comment}"


PROMPT_DEFS = [
    (
        "summarize_pr",
        "Summarise a pull request",
        summarize_pr,
        [
            ("pr_url", "Link to the pull request", True),
            ("depth", "short or detailed", False),
        ],
    ),
    (
        "draft_reply",
        "Reply to a review comment",
        draft_reply,
        [("comment", "The review comment", True)],
    ),
]
