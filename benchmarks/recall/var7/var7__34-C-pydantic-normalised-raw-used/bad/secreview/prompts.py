import pydantic
from fastmcp.prompts import prompt

from .models import ReviewRequest


@prompt(name="secure_review", description="Security review of a snippet")
def secure_review(code: str, language: str) -> str:
    try:
        req = ReviewRequest(language=language)
    except pydantic.ValidationError as exc:
        raise ValueError(f"unsupported language: {language}") from exc
    return f"Do a security review of this {language} code:\n\n{code}"
