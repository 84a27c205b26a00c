from collections.abc import Callable
from dataclasses import dataclass

from .langs import normalize_lang


@dataclass(frozen=True)
class TaskSpec:
    name: str
    description: str
    instruction: str


TASKS = [
    TaskSpec("write_tests", "Write unit tests for a snippet", "Write unit tests for"),
    TaskSpec("explain_code", "Explain a snippet", "Explain, step by step,"),
]


def make_prompt(spec: TaskSpec) -> Callable[..., str]:
    def prompt_fn(code: str, language: str = "python") -> str:
        lang = normalize_lang(language)
        return f"{spec.instruction} this {lang} code, following {lang} conventions:\n\n{code}"

    prompt_fn.__name__ = spec.name
    prompt_fn.__doc__ = spec.description
    return prompt_fn
