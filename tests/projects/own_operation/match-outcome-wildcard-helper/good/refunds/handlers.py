from mcp import types

from . import payments


def _text(s: str, failed: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=s)], is_error=failed)


async def issue_refund(args: dict) -> types.CallToolResult:
    reply = await payments.refund(args["charge_id"], int(args["amount"]))
    match reply.get("outcome"):
        case "refunded":
            return _text(f"Refunded {reply['amount']} on {args['charge_id']}")
        case _:
            return _text(f"Refund not processed: {reply.get('message', 'unknown reason')}", failed=True)
