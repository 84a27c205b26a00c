class ThreadStore:
    def __init__(self) -> None:
        self._threads: dict[str, str] = {}

    def get(self, thread_id: str) -> str:
        return self._threads.get(thread_id, "(thread not found)")
