from collections import deque
from pathlib import Path

LOG_DIR = Path("/var/log/app")


def tail(arguments: dict) -> list[str]:
    service = arguments["service"]
    try:
        count = int(arguments["lines"])
    except (KeyError, ValueError) as exc:
        raise ValueError(f"lines must be an integer: {exc}") from exc
    with open(LOG_DIR / f"{service}.log") as fh:
        return list(deque(fh, maxlen=count))
