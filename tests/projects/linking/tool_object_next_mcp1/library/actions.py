"""Tool objects that take their tool's name when made."""


class Action:
    def __init__(self, name: str) -> None:
        self.name = name


class Borrow(Action):
    def __init__(self) -> None:
        super().__init__("borrow")

    async def perform(self, arguments: dict) -> str:
        isbn = arguments.get("ISBN", "")  # error: MCP102
        return f"borrowed {isbn}"


class Renew(Action):
    def __init__(self) -> None:
        super().__init__("renew")

    async def perform(self, arguments: dict) -> str:
        weeks = arguments.get("weeks", 2)  # ok: declared optional, the published default
        return f"renewed for {weeks} weeks"
