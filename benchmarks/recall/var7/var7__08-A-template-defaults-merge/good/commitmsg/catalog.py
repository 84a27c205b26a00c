"""Prompt templates loaded as data."""

PROMPTS = [
    {
        "name": "commit_message",
        "description": "Write a commit message for a diff",
        "template": "Write a {tone} commit message for this diff:\n\n{diff}",
        "arguments": [
            ("diff", "The staged diff", True),
            ("tone", "Tone of voice: terse, neutral or chatty", True),
        ],
        "defaults": {"tone": "neutral"},
    },
    {
        "name": "pr_title",
        "description": "Suggest a pull-request title",
        "template": "Suggest a {style} pull-request title for:\n\n{summary}",
        "arguments": [
            ("summary", "What the change does", True),
            ("style", "Title style, conventional-commit when omitted", False),
        ],
        "defaults": {"style": "conventional-commit"},
    },
]
