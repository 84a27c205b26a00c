from pydantic import BaseModel, ConfigDict, Field


class SearchParams(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    query: str = Field(min_length=1, description="Full-text query")
    max_results: int = Field(default=5, ge=1, le=50, alias="maxResults", description="Hits to return")
