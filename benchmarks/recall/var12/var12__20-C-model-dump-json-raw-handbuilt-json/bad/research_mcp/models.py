from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class SearchArgs(BaseModel):
    model_config = ConfigDict(str_strip_whitespace=True)

    index: Literal["docs", "tickets", "wiki"]
    query: str = Field(min_length=3, max_length=200)
