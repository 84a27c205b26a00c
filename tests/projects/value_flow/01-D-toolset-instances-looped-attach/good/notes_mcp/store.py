from dataclasses import dataclass


@dataclass
class Note:
    title: str
    body: str


class Store:
    def __init__(self) -> None:
        self.notes: dict[str, Note] = {}

    def find(self, title: str) -> Note | None:
        return self.notes.get(title.lower())

    def tags(self) -> list[str]:
        return sorted({w for n in self.notes.values() for w in n.body.split() if w.startswith("#")})
