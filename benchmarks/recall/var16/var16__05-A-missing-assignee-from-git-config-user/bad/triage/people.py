import subprocess


def local_git_user() -> str:
    out = subprocess.run(["git", "config", "user.name"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def assignee_from(arguments: dict) -> str:
    who = arguments.get("assignee")
    if not who:
        return local_git_user()
    return who
