import subprocess


def git(repo: str, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", repo, *argv], capture_output=True, text=True, check=False)
