import os
import shutil

ROOT = "/srv/scratch"


def remove_workspace(name: str) -> str:
    if "/" in name or name in ("", ".", ".."):
        raise ValueError(f"bad workspace name {name!r}")
    path = os.path.join(ROOT, name)
    try:
        shutil.rmtree(path)
    except OSError as exc:
        return f"could not remove {name}: {exc.strerror}"
    return f"removed {name}"
