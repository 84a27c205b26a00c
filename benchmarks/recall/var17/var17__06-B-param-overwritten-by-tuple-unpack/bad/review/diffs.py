def split_header(diff: str) -> tuple[str, str]:
    """Return (title, first touched path) from a unified diff."""
    title, path = "untitled change", "unknown"
    for line in diff.splitlines():
        if line.startswith("Subject: "):
            title = line[len("Subject: "):]
        elif line.startswith("+++ b/") and path == "unknown":
            path = line[len("+++ b/"):]
    return title, path
