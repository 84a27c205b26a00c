from dataclasses import dataclass


@dataclass(frozen=True)
class RepoInfo:
    full_name: str
    default_branch: str
    language: str


CATALOG = {
    "web": RepoInfo("acme/web", "main", "TypeScript"),
    "billing": RepoInfo("acme/billing", "trunk", "Go"),
    "ml": RepoInfo("acme/ml-platform", "develop", "Python"),
}


def lookup(repo: str) -> RepoInfo:
    info = CATALOG.get(repo)
    if info is None:
        raise ValueError(f"unknown repository {repo!r}; known: {', '.join(sorted(CATALOG))}")
    return info
