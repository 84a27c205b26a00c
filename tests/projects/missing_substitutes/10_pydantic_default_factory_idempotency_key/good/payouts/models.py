import uuid

from pydantic import BaseModel, Field


class PayoutArgs(BaseModel):
    account: str
    amount_cents: int = Field(gt=0)
    idempotency_key: str = Field(min_length=8)
    memo: str | None = None
