from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.prompts.base import Prompt, PromptArgument

from .explainers import compare, explain_concept


def _required(name: str, description: str) -> PromptArgument:
    return PromptArgument(name=name, description=description, required=True)


SPECS = [
    ("explain_concept", "Explain a concept", explain_concept,
     [_required("concept", "What to explain"), _required("audience", "Who the explanation is for")]),
    ("compare", "Compare two things", compare,
     [_required("first", "First item"), _required("second", "Second item")]),
]


def register_prompts(mcp: FastMCP) -> None:
    for name, description, fn, arguments in SPECS:
        mcp.add_prompt(Prompt(name=name, description=description, arguments=arguments, fn=fn))
