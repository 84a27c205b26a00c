from typing import ClassVar

from fastmcp.prompts.prompt import PromptArgument

from .base import SingleTextPrompt


class SummariseDocument(SingleTextPrompt):
    input_key: ClassVar[str] = "document"
    instruction: ClassVar[str] = "Summarise the document below for an executive reader."


class Simplify(SingleTextPrompt):
    instruction: ClassVar[str] = "Rewrite the text below in plain language."


LIBRARY = [
    SummariseDocument(
        name="summarise_document",
        arguments=[PromptArgument(name="document", required=True), PromptArgument(name="max_sentences", required=False)],
    ),
    Simplify(
        name="simplify",
        arguments=[PromptArgument(name="text", required=True), PromptArgument(name="max_sentences", required=False)],
    ),
]
