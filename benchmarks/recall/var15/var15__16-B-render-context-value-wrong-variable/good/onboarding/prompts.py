from fastmcp import FastMCP

from .templates import WELCOME, fill


def register_prompts(mcp: FastMCP) -> None:
    @mcp.prompt(name="welcome")
    def welcome(name: str, team: str, first_task: str = "set up your laptop") -> str:
        context = {"name": name, "team": team, "first_task": first_task}
        return fill(WELCOME, context)
