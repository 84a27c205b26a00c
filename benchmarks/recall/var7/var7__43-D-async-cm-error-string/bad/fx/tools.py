from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError

from .rates import RateNotFound, rates_session


def register(mcp: FastMCP) -> None:
    @mcp.tool()
    async def convert_currency(amount: float, from_code: str, to_code: str) -> str:
        """Convert an amount between two currencies."""
        try:
            async with rates_session() as rates:
                rate = await rates.lookup(from_code.upper(), to_code.upper())
        except RateNotFound as exc:
            return f"Could not convert: {exc}"
        return f"{amount} {from_code} = {amount * rate:.2f} {to_code}"
