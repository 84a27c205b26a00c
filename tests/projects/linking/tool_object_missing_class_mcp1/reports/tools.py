class MonthlyReportTool:
    """The class the server means; it imports a name this module does not define."""

    async def execute(self, arguments: dict) -> str:
        return str(arguments.get("monthh", ""))  # ok: no code the server runs reaches it
