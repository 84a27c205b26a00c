from pydantic import BaseModel, model_validator


class BriefArgs(BaseModel):
    subject: str
    audience: str
    length: str = "short"

    @model_validator(mode="before")
    @classmethod
    def _fill(cls, data):
        if isinstance(data, dict):
            data = dict(data)
            data.setdefault("audience", "engineers")
            data.setdefault("length", "short")
        return data
