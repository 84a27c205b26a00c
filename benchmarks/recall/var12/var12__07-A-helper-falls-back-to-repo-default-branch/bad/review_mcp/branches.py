from typing import Any

from .repos import RepoInfo


def target_branch(repo: RepoInfo, args: dict[str, Any]) -> str:
    return args.get("branch") or repo.default_branch
