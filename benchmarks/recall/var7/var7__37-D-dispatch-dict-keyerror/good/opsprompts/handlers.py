from mcp import types
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def _text(text: str) -> types.GetPromptResult:
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    )


def _required(args: dict[str, str], key: str) -> str:
    value = args.get(key, "").strip()
    if not value:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"{key} is required"))
    return value


async def summarize_logs(args: dict[str, str]) -> types.GetPromptResult:
    return _text(f"Summarise these log lines and point out anomalies:\n\n{_required(args, 'logs')}")


async def explain_metric(args: dict[str, str]) -> types.GetPromptResult:
    return _text(f"Explain what the metric {_required(args, 'metric')} measures and when to alert on it.")


HANDLERS = {"summarize_logs": summarize_logs, "explain_metric": explain_metric}

PROMPTS = [
    types.Prompt(
        name="summarize_logs",
        description="Summarise log lines",
        arguments=[types.PromptArgument(name="logs", description="Raw log lines", required=True)],
    ),
    types.Prompt(
        name="explain_metric",
        description="Explain a metric",
        arguments=[types.PromptArgument(name="metric", description="Metric name", required=True)],
    ),
]
