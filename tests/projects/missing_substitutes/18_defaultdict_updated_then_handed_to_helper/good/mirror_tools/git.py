import subprocess


def fetch_branch(args) -> str:
    branch = args["branch"]
    depth = int(args.get("depth") or 1)
    out = subprocess.run(["git", "fetch", f"--depth={depth}", "origin", branch], capture_output=True, text=True)
    return out.stdout or out.stderr
