from mcp.server.fastmcp.exceptions import ToolError
from pydantic import BaseModel

from .convert import UnsupportedConversion, convert


class ConversionResult(BaseModel):
    unit: str
    value: float | None = None
    ok: bool = True
    message: str = ""


def convert_units(value: float, from_unit: str, to_unit: str) -> ConversionResult:
    """Convert a value between units."""
    try:
        converted = convert(value, from_unit, to_unit)
    except UnsupportedConversion as exc:
        raise ToolError(str(exc)) from exc
    return ConversionResult(unit=to_unit, value=round(converted, 4))
