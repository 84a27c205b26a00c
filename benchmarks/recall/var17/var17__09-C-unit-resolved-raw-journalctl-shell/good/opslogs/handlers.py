from .shell import journal_tail
from .units import resolve_unit


async def tail_logs(arguments: dict) -> str:
    service = arguments["service"]
    unit = resolve_unit(service)
    lines = int(arguments.get("lines", 100))
    return journal_tail(service, unit, min(lines, 1000))


TABLE = {"tail_logs": tail_logs}
