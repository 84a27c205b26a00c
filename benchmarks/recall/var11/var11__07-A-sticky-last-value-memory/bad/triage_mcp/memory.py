class SprintMemory:
    """Remembers the last sprint each project was triaged for."""

    def __init__(self) -> None:
        self._last: dict[str, str] = {}

    def recall(self, project: str) -> str:
        return self._last.get(project, "current")

    def remember(self, project: str, sprint: str) -> None:
        self._last[project] = sprint


MEMORY = SprintMemory()
