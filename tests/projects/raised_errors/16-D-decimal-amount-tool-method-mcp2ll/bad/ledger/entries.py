from decimal import Decimal, InvalidOperation

from mcp import types


class LedgerTools:
    spec = types.Tool(name="add_entry", input_schema={
        "type": "object",
        "properties": {"account": {"type": "string"}, "amount": {"type": "string"}},
        "required": ["account", "amount"],
    })

    def __init__(self) -> None:
        self.balances: dict[str, Decimal] = {}

    def _result(self, text: str, failed: bool = False) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=failed)

    def add_entry(self, args: dict) -> types.CallToolResult:
        account = args.get("account")
        if not account:
            return self._result("account is required", failed=True)
        amount = Decimal(args.get("amount", ""))
        self.balances[account] = self.balances.get(account, Decimal(0)) + amount
        return self._result(f"{account}: {self.balances[account]}")
