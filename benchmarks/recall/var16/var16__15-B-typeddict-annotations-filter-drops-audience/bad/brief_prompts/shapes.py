from typing import TypedDict


class BriefArgs(TypedDict):
    project: str
    deadline: str


DECLARED = [("project", True), ("deadline", True), ("audience", False)]
