import re

_SEMVER = re.compile(r"\s*v?(\d+)\.(\d+)\.(\d+)\s*")


def parse_version(raw: str) -> tuple[int, int, int] | None:
    m = _SEMVER.match(raw)
    return tuple(int(x) for x in m.groups()) if m else None


def as_pin(v: tuple[int, int, int]) -> str:
    return ".".join(map(str, v))
