from typing import Literal

from pydantic import BaseModel, field_validator


class ReviewRequest(BaseModel):
    language: Literal["python", "go", "rust"]

    @field_validator("language", mode="before")
    @classmethod
    def _normalise(cls, value: object) -> str:
        return str(value).strip().lower()
