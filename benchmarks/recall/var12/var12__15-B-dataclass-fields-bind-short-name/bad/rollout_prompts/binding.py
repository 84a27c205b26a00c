from dataclasses import dataclass, fields
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass
class RolloutRequest:
    service: str
    env: str | None = None
    canary_percent: str | None = None


def bind(cls: type[T], arguments: dict[str, str]) -> T:
    return cls(**{f.name: arguments[f.name] for f in fields(cls) if f.name in arguments})
