from decimal import Decimal, InvalidOperation

from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData


def parse_amount(raw: str) -> Decimal:
    amount = Decimal(raw)
    if amount <= 0:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="amount must be positive"))
    return amount.quantize(Decimal("0.01"))
