TEMPLATES = {
    "bug": "## Bug: {title}\n\nSteps to reproduce:\n1.\n\nExpected:\n\nActual:\n",
    "feature": "## Feature: {title}\n\nProblem:\n\nProposal:\n",
    "chore": "## Chore: {title}\n\nWhat and why:\n",
}


def issue_body(kind: str, title: str) -> str:
    """Draft an issue body. kind is bug, feature or chore."""
    template = TEMPLATES[kind]
    return template.format(title=title)
