from pydantic import BaseModel, Field


class ReviewRequest(BaseModel):
    repository: str = Field(pattern=r"^[\w.-]+/[\w.-]+$", description="owner/name")
    pr_number: str = Field(pattern=r"^\d+$", description="Pull request number")
    focus: str = Field(default="correctness", description="What to focus the review on")
