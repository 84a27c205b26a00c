import os
from pathlib import Path


def target_dir(arguments: dict) -> Path:
    raw = arguments["path"]
    return Path(os.path.expanduser(raw)).resolve()


def archive_name(arguments: dict) -> str:
    return arguments.get("name") or "archive"
