"""Command objects built around the call's arguments: what they read is not followed."""


class Deposit:
    def __init__(self, arguments: dict) -> None:
        self.arguments = arguments

    async def apply(self) -> str:
        return f"deposited {self.arguments.get('sum', 0)}"  # ok: read through the object, not followed


class Withdraw:
    def __init__(self, arguments: dict) -> None:
        self.arguments = arguments

    async def apply(self) -> str:
        return f"withdrew {self.arguments.get('amount', 0)}"
