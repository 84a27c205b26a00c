import subprocess


def working_tree_diff() -> str:
    return subprocess.run(["git", "diff"], capture_output=True, text=True, check=False).stdout


def diff_from(arguments: dict) -> str:
    diff = arguments.get("diff")
    if diff is None:
        raise ValueError("diff is required")
    return diff
