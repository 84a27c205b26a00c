import tomllib


def sections(raw: str) -> list[str]:
    doc = tomllib.loads(raw)
    return sorted(doc)
