import re

SEMVER = re.compile(r"v?(\d+)\.(\d+)\.(\d+)")


def major_of(version: str) -> int:
    m = SEMVER.fullmatch(version)
    if m is None:
        raise ValueError(f"not a semantic version: {version!r}")
    return int(m[1])
