from types import SimpleNamespace
from typing import Any

REQUIRED = ("name", "namespace", "replicas")


class ToolInputError(Exception):
    """An argument problem reported back to the model as an isError result."""


def parse_request(arguments: dict[str, Any]) -> SimpleNamespace:
    missing = [key for key in REQUIRED if key not in arguments]
    if missing:
        raise ToolInputError(f"missing arguments: {', '.join(missing)}")
    if not isinstance(arguments["replicas"], int) or arguments["replicas"] < 0:
        raise ToolInputError("replicas must be a non-negative integer")
    return SimpleNamespace(**arguments)
