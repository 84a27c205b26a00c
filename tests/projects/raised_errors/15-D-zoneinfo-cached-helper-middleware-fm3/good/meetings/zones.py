import functools
from datetime import datetime
from zoneinfo import ZoneInfo


@functools.lru_cache(maxsize=64)
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def local_now(name: str) -> str:
    return datetime.now(zone(name)).strftime("%H:%M")
