from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .prompts import triage_prompts


def build() -> FastMCP:
    server = FastMCP("triage", middleware=[ErrorHandlingMiddleware()])
    for prompt in triage_prompts():
        server.add_prompt(prompt)
    return server


if __name__ == "__main__":
    build().run()
