import subprocess


def version_of(program: str) -> str:
    done = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=10)
    return (done.stdout or done.stderr).strip()
