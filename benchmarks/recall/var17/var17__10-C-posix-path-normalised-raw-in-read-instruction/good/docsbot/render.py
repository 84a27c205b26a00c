from .paths import repo_relative


class ExplainFile:
    def __init__(self, repo: str) -> None:
        self.repo = repo

    def __call__(self, path: str, depth: str = "overview") -> str:
        clean = repo_relative(path)
        return f"Open {self.repo}/{clean} with the read_file tool and explain it ({depth})."
