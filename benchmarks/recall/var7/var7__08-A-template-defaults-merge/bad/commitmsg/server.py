from fastmcp import FastMCP
from fastmcp.prompts.prompt import PromptArgument
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .catalog import PROMPTS
from .template_prompt import TemplatePrompt


def build() -> FastMCP:
    server = FastMCP("commit-helper")
    server.add_middleware(ErrorHandlingMiddleware())
    for entry in PROMPTS:
        server.add_prompt(
            TemplatePrompt(
                name=entry["name"],
                description=entry["description"],
                template=entry["template"],
                defaults=entry["defaults"],
                arguments=[PromptArgument(name=n, description=d, required=r) for n, d, r in entry["arguments"]],
            )
        )
    return server


mcp = build()
