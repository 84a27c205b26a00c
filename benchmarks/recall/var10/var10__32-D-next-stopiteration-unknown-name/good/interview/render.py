from collections.abc import Callable, Mapping

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def _role(args: Mapping[str, str]) -> str:
    role = args.get("role", "").strip()
    if not role:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="role is required"))
    return role


def questions(args: Mapping[str, str]) -> str:
    seniority = args.get("seniority") or "mid"
    return f"Write ten interview questions for a {seniority} {_role(args)}."


def scorecard(args: Mapping[str, str]) -> str:
    return f"Draft a scorecard with four competencies for a {_role(args)} interview loop."


RENDERERS: dict[str, Callable[[Mapping[str, str]], str]] = {
    "interview_questions": questions,
    "scorecard": scorecard,
}
