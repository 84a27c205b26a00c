"""Tool objects, each naming the tool it serves; the server searches them by that name."""


class FindTable:
    name = "find_table"

    async def handle(self, arguments: dict) -> str:
        day = arguments.get("day", "today")  # ok: declared optional, the published default
        return f"free tables {day}"


class Reserve:
    name = "reserve"

    async def handle(self, arguments: dict) -> str:
        guests = arguments.get("guests", 2)  # error: MCP102
        return f"reserved for {guests}"


HANDLERS = [FindTable(), Reserve()]
