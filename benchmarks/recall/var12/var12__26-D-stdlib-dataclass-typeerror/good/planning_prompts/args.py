from pydantic.dataclasses import dataclass


@dataclass(frozen=True)
class PlanArgs:
    goal: str
    horizon: str
    constraints: str = "none stated"
