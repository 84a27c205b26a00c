"""One registry object; the tool modules hand it their tool objects when imported."""


class Registry:
    def __init__(self) -> None:
        self._tools = {}

    def add(self, tool) -> None:
        self._tools[tool.name] = tool

    def find(self, name: str):
        return self._tools.get(name)

    def every(self) -> list:
        return list(self._tools.values())


registry = Registry()
