from pydantic import BaseModel, Field


class SearchArgs(BaseModel):
    query: str
    limit: int = Field(20, ge=1, le=100)
    offset: int = Field(0, ge=0)


FORWARD = {"query", "limit", "offset"}
