from fastmcp import FastMCP
from fastmcp.prompts.prompt import PromptArgument
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .bounded import BoundedTemplatePrompt


def register_prompts(mcp: FastMCP) -> None:
    mcp.add_prompt(
        BoundedTemplatePrompt(
            name="reply_email",
            description="Draft a reply to an email",
            template="Draft a {tone} reply to this email:\n\n{email}",
            arguments=[
                PromptArgument(name="email", description="The email to answer", required=True),
                PromptArgument(name="tone", description="Tone of the reply"),
            ],
        )
    )


def build() -> FastMCP:
    mcp = FastMCP("mail-prompts")
    mcp.add_middleware(ErrorHandlingMiddleware())
    register_prompts(mcp)
    return mcp
