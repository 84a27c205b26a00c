from fastmcp import FastMCP

from .cron import split_cron


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="explain_schedule")
    def explain_schedule(expression: str, timezone: str = "UTC") -> str:
        """Explain a cron schedule in plain words."""
        fields = split_cron(expression)
        listing = "\n".join(f"- {name}: {value}" for name, value in fields.items())
        return f"Explain when this cron schedule runs ({timezone}), and list the next three runs:\n{listing}"
