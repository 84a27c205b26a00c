class Ledger:
    """Bound methods reached through lambdas in the server's table."""

    def balance(self, arguments: dict) -> str:
        return f"balance of {arguments['account']}"  # error: MCP202

    def transfer(self, arguments: dict) -> str:
        amount = arguments.get("amount", 0)  # ok: the published default
        return f"moved {amount}"
