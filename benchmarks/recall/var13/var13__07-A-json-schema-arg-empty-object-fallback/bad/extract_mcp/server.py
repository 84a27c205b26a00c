from fastmcp import FastMCP
from fastmcp.prompts import PromptArgument

from .prompts import ExtractPrompt

mcp = FastMCP("extractor")
mcp.add_prompt(
    ExtractPrompt(
        name="extract_fields",
        description="Extract structured fields from a document",
        arguments=[
            PromptArgument(name="document", description="The text", required=True),
            PromptArgument(name="schema", description="JSON schema of the fields", required=True),
        ],
    )
)
