import uuid

from pydantic import BaseModel, Field


class PayoutArgs(BaseModel):
    account: str
    amount_cents: int = Field(gt=0)
    idempotency_key: str = Field(default_factory=lambda: uuid.uuid4().hex)  # error: MCP101
    memo: str | None = None
