from pydantic import BaseModel, Field


class ReviewArgs(BaseModel):
    diff: str = Field(min_length=1)
    focus: str
