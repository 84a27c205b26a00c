from pydantic import BaseModel, ConfigDict, Field


class PlanArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    team: str = Field(min_length=1)
    capacity: int = Field(ge=1, le=400, description="Story points available")

    goals: str = ""
