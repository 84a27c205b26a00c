from fastmcp import FastMCP

from .units import canonical_unit

mcp = FastMCP("weather")
READINGS = {"oslo": 4.0, "lima": 19.5}


def fmt(city: str, unit: str) -> str:
    value = READINGS.get(city.lower(), 0.0)
    if unit == "imperial":
        value = value * 9 / 5 + 32
    return f"{city}: {value:.1f}"


@mcp.tool()
def current_temperature(city: str, unit: str = "c") -> str:
    canonical_unit(unit)  # error: MCP103
    return fmt(city, "metric")
