import httpx
from mcp import types

from .errors import tool_errors

INVOICE_TOOL = types.Tool(
    name="create_invoice",
    description="Create a draft invoice",
    input_schema={
        "type": "object",
        "properties": {"customer_id": {"type": "string"}, "amount_cents": {"type": "integer", "minimum": 1}},
        "required": ["customer_id", "amount_cents"],
    },
)


@tool_errors
async def create_invoice(arguments: dict) -> types.CallToolResult:
    customer = arguments.get("customer_id")
    amount = arguments.get("amount_cents")
    if not customer or not isinstance(amount, int) or amount < 1:
        raise ValueError("customer_id and a positive integer amount_cents are required")
    async with httpx.AsyncClient(base_url="https://billing.internal.example") as client:
        resp = await client.post("/invoices", json={"customer": customer, "amount": amount})
        resp.raise_for_status()
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"invoice {resp.json()['id']} created")])
