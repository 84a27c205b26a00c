from pydantic import Field

from .app import mcp


@mcp.prompt()
def compare_branches(
    head: str = Field(description="Branch with the new work"),
    base: str = Field(description="Branch to compare against"),
    focus: str = Field("behaviour changes", description="What to look for"),
) -> str:
    return (
        f"List the {focus} that the branch {head} introduces "
        "relative to {base}."
    )


@mcp.prompt()
def summarise_diff(diff: str, audience: str = "reviewers") -> str:
    return f"Summarise this diff for {audience}:\n\n{diff}"
