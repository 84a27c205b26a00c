from typing import Any

from .repos import RepoInfo


def target_branch(repo: RepoInfo, args: dict[str, Any]) -> str:
    branch = args.get("branch")
    if not branch:
        raise ValueError(f"branch is required (the default branch of {repo.full_name} is {repo.default_branch})")
    return branch
