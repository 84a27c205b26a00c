from pydantic import BaseModel, Field


class SnapshotRequest(BaseModel):
    region: str
    volume_id: str = Field(min_length=1)
    retention_days: int = Field(default=7, ge=1)
