import re
from typing import Any

METRICS = {"http_requests_total", "process_cpu_seconds_total", "node_network_receive_bytes_total"}
WINDOW_RE = re.compile(r"^\d{1,3}[smhd]$")
WINDOW_ALIASES = {"1 minute": "1m", "5 minutes": "5m", "1 hour": "1h", "1 day": "1d"}


class ArgumentProblem(Exception):
    pass


def check_metric(value: Any) -> str:
    if value not in METRICS:
        raise ArgumentProblem(f"metric must be one of {sorted(METRICS)}")
    return value


def check_window(value: Any) -> str:
    window = str(value).strip().lower()
    window = WINDOW_ALIASES.get(window, window)
    if not WINDOW_RE.fullmatch(window):
        raise ArgumentProblem("window must look like 30s, 5m, 1h or 1d")
    return window
