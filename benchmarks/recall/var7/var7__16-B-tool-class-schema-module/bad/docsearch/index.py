class DocIndex:
    def __init__(self, docs: dict[str, str]) -> None:
        self.docs = docs

    def search(self, query: str, limit: int) -> list[str]:
        q = query.lower()
        return [title for title, body in self.docs.items() if q in body.lower()][:limit]
