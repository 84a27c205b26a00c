from mcp import types
from mcp.server import Server

from .book import PromptBook

book = PromptBook()
book.add(
    types.Prompt(
        name="kb_answer",
        description="Answer a question from the knowledge base",
        arguments=[
            types.PromptArgument(name="question", description="The user's question", required=True),
            types.PromptArgument(name="product", description="Product area", required=False),
        ],
    ),
    "Answer the question about $product using only the knowledge base:\n\n$question",
)

server = Server("kb", on_list_prompts=book.list, on_get_prompt=book.get)
