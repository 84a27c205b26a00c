from typing import Any


class ToolArgs(dict[str, Any]):
    """Arguments of one tools/call, with attribute-style helpers."""

    def __missing__(self, key: str) -> str:
        return ""

    def flag(self, key: str) -> bool:
        return str(self.get(key, "false")).lower() in {"1", "true", "yes"}
