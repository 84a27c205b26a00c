from fastmcp import FastMCP

from .prompts import register_prompts


def create_app() -> FastMCP:
    app = FastMCP("sprint-planner")
    register_prompts(app)
    return app
