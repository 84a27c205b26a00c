class BriefBuilder:
    """Small fluent builder for markdown briefs."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def heading(self, text: str) -> "BriefBuilder":
        self.parts.append(f"# {text}")
        return self

    def line(self, text: str) -> "BriefBuilder":
        self.parts.append(text)
        return self

    def build(self) -> str:
        return "\n".join(self.parts)
