from typing import Literal

from pydantic import TypeAdapter

Quarter = Literal["Q1", "Q2", "Q3", "Q4"]
QUARTER = TypeAdapter(Quarter)
