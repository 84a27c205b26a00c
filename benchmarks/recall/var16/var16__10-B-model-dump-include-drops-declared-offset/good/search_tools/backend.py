DOCS = [f"doc-{i}" for i in range(200)]


def search(query: str, limit: int = 20, offset: int = 0) -> list[str]:
    hits = [d for d in DOCS if query in d]
    return hits[offset:offset + limit]
