import re

SEMVER = re.compile(r"v?(\d+)\.(\d+)\.(\d+)")


def major_of(version: str) -> int:
    m = SEMVER.fullmatch(version)
    return int(m[1])
