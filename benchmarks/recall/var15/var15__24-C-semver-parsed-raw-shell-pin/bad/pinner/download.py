import subprocess

from .versions import as_pin, parse_version

PACKAGE = "internal-sdk"


def download(arguments: dict) -> str:
    raw = arguments["version"]
    v = parse_version(raw)
    if v is None:
        raise ValueError(f"not a version: {raw!r}")
    cmd = f"pip download --no-deps -d /srv/wheels {PACKAGE}=={raw}"
    done = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip() or "pip download failed")
    return f"downloaded {PACKAGE} {as_pin(v)}"
