import tomllib
from pathlib import Path


def load(path: str = "standup.toml") -> dict:
    p = Path(path)
    return tomllib.loads(p.read_text()) if p.exists() else {"team": "platform"}
