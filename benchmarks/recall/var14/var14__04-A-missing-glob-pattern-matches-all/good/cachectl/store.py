import fnmatch

KEYS = {
    "eu": ["session:alice", "session:bob", "render:home", "render:pricing", "feature-flags"],
    "us": ["session:carol", "render:home"],
}


def matching(region: str, pattern: str) -> list[str]:
    return fnmatch.filter(KEYS.get(region, []), pattern)


def delete(region: str, keys: list[str]) -> int:
    for key in keys:
        KEYS[region].remove(key)
    return len(keys)
