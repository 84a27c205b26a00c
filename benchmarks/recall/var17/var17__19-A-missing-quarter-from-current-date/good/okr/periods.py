import re
from datetime import date

QUARTER = re.compile(r"^20\d\d-Q[1-4]$")


def quarter_label(value: str | None) -> str:
    if not value or not QUARTER.match(value):
        raise ValueError("quarter must look like 2026-Q3")
    return value
