from collections import deque
from pathlib import Path

LOG_DIR = Path("/var/log/app")


def tail(arguments: dict) -> list[str]:
    service = arguments["service"]
    try:
        count = int(arguments["lines"])
    except (KeyError, ValueError):
        count = 200  # error: MCP101
    with open(LOG_DIR / f"{service}.log") as fh:
        return list(deque(fh, maxlen=count))
