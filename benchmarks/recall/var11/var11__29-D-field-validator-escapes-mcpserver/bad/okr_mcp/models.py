import re

from pydantic import BaseModel, field_validator

QUARTER_RE = re.compile(r"20\d{2}-Q[1-4]")


class OkrRequest(BaseModel):
    team: str
    quarter: str
    focus: str = ""

    @field_validator("quarter")
    @classmethod
    def _quarter(cls, value: str) -> str:
        value = value.strip().upper()
        if not QUARTER_RE.fullmatch(value):
            raise ValueError("quarter must look like 2027-Q1")
        return value
