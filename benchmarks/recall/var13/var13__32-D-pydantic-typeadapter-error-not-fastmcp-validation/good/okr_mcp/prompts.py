import pydantic
from fastmcp import FastMCP
from fastmcp.exceptions import ValidationError

from .types_ import QUARTER


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="okr_review")
    def okr_review(team: str, quarter: str, okrs: str) -> str:
        """Review a team's OKRs for a quarter."""
        if not okrs.strip():
            raise ValidationError("okrs must not be empty")
        try:
            q = QUARTER.validate_python(quarter.upper())
        except pydantic.ValidationError:
            raise ValidationError("quarter must be Q1, Q2, Q3 or Q4") from None
        return f"Review the {q} OKRs of {team}. Flag objectives without a measurable key result.\n\n{okrs}"
