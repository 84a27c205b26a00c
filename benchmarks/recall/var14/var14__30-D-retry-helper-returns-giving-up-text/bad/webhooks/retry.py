import time
from typing import Callable, TypeVar

from fastmcp.exceptions import ToolError

T = TypeVar("T")


def with_retries(fn: Callable[[], T], attempts: int = 3, delay: float = 0.0) -> T | str:
    last: Exception | None = None
    for _ in range(attempts):
        try:
            return fn()
        except ConnectionError as exc:
            last = exc
            time.sleep(delay)
    return f"gave up after {attempts} attempts: {last}"
