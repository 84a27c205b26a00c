from mcp import types

from .models import PayoutArgs

PAYOUT = types.Tool(
    name="send_payout",
    description="Send a payout once per idempotency key",
    input_schema={
        "type": "object",
        "properties": {
            "account": {"type": "string"},
            "amount_cents": {"type": "integer"},
            "idempotency_key": {"type": "string"},
            "memo": {"type": "string"},
        },
        "required": ["account", "amount_cents", "idempotency_key"],
    },
)


async def send_payout(bank, arguments: dict) -> types.CallToolResult:
    args = PayoutArgs.model_validate(arguments)
    receipt = await bank.pay(args.account, args.amount_cents, key=args.idempotency_key, memo=args.memo)
    return types.CallToolResult(content=[types.TextContent(type="text", text=receipt)])
