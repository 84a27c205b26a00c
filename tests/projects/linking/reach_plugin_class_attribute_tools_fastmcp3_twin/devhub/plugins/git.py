BRANCHES = {"api": "main", "web": "develop"}


def current_branch(repo: str) -> str:
    """The checked-out branch of a repository."""
    return BRANCHES.get(repo, "main")


class GitPlugin:
    name = "git"
    tools = [current_branch]
