from pydantic import BaseModel, Field

RUNS = [{"workflow": "build", "id": i, "status": "ok" if i % 3 else "failed"} for i in range(1, 60)]


class RunQuery(BaseModel):
    workflow: str
    status: str | None = None
    limit: int = Field(20, ge=1, le=100)

    def execute(self) -> list[dict]:
        rows = [r for r in RUNS if r["workflow"] == self.workflow]
        if self.status is not None:
            rows = [r for r in rows if r["status"] == self.status]
        return rows
