from pydantic import BaseModel, ConfigDict, Field


class IssueFilter(BaseModel):
    model_config = ConfigDict(extra="ignore")

    query: str
    state: str = "open"
    labels: list[str] = Field(default_factory=list)
    limit: int = 20
