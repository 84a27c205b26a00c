from decimal import Decimal, InvalidOperation
from typing import Any

import httpx

CURRENCIES = {"EUR", "USD", "GBP", "JPY", "CHF"}


class ToolInputError(Exception):
    pass


def parse_amount(raw: Any) -> Decimal:
    try:
        amount = Decimal(str(raw))
    except InvalidOperation:
        raise ToolInputError(f"amount is not a number: {raw!r}") from None
    if amount <= 0:
        raise ToolInputError("amount must be positive")
    return amount


async def convert(client: httpx.AsyncClient, args: dict[str, Any]) -> str:
    amount = parse_amount(args.get("amount"))
    src, dst = str(args.get("from", "")).upper(), str(args.get("to", "")).upper()
    if src not in CURRENCIES or dst not in CURRENCIES:
        raise ToolInputError(f"currencies must be among {', '.join(sorted(CURRENCIES))}")
    resp = await client.get("/latest", params={"base": src, "symbols": dst})
    resp.raise_for_status()
    rate = Decimal(str(resp.json()["rates"][dst]))
    return f"{amount} {src} = {(amount * rate).quantize(Decimal('0.01'))} {dst}"
