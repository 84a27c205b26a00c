from pydantic import TypeAdapter
from typing_extensions import NotRequired, TypedDict


class CommitArgs(TypedDict):
    message: str
    paths: list[str]
    amend: NotRequired[bool]


COMMIT_SCHEMA = TypeAdapter(CommitArgs).json_schema()
