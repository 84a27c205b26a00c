import statistics

from mcp import types

SERIES: dict[str, list[float]] = {"cpu": [0.2, 0.4], "mem": [0.5, 0.6]}


def mean_of(arguments: dict) -> types.CallToolResult:
    name = arguments.get("series")
    try:
        value = statistics.fmean(SERIES[name])
    except (KeyError, statistics.StatisticsError) as exc:
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"cannot average {name}: {exc}")])
    return types.CallToolResult(content=[types.TextContent(type="text", text=str(value))])


def list_series(arguments: dict) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=", ".join(SERIES))])


TOOLS = {
    "mean_of": (mean_of, {"type": "object", "properties": {"series": {"type": "string"}}, "required": ["series"]}),
    "list_series": (list_series, {"type": "object", "properties": {}}),
}
