from dataclasses import dataclass


@dataclass
class Issue:
    key: str
    title: str
    state: str


class IssueClient:
    def __init__(self) -> None:
        self.issues = [Issue("OPS-1", "Disk alert flapping", "open"), Issue("OPS-2", "Rotate TLS certs", "closed")]

    async def search(self, query: str, states: tuple[str, ...]) -> list[Issue]:
        q = query.lower()
        return [i for i in self.issues if q in i.title.lower() and i.state in states]

    async def get(self, key: str) -> Issue | None:
        return next((i for i in self.issues if i.key == key), None)
