import subprocess


def run(command: list[str], timeout: float | None = None) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    return done.stdout
