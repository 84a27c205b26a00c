from fastmcp.exceptions import ValidationError
from fastmcp.prompts import Prompt, PromptArgument

from .metrics import METRICS


class ExplainPanel(Prompt):
    async def render(self, arguments=None):
        arguments = arguments or {}
        dashboard = arguments.get("dashboard")
        if not dashboard:
            raise ValidationError("dashboard is required")
        metric = arguments.get("metric", "")
        try:
            metric = METRICS.pick(metric)
        except KeyError:
            raise ValidationError(f"unknown metric {metric!r}")
        return f"Explain the {metric} panel on dashboard {dashboard}."


def register(mcp) -> None:
    mcp.add_prompt(ExplainPanel(
        name="explain_panel",
        arguments=[PromptArgument(name="dashboard", required=True), PromptArgument(name="metric", required=True)],
    ))
