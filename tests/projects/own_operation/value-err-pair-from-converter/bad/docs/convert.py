"""Document conversion through pandoc."""
import subprocess


def convert(path: str, fmt: str) -> tuple[str, str | None]:
    """(output text, None) on success, ("", message) when pandoc fails."""
    proc = subprocess.run(["pandoc", path, "-t", fmt], capture_output=True, text=True)
    if proc.returncode != 0:
        return "", proc.stderr.strip()
    return proc.stdout, None
