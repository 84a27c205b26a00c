from dataclasses import dataclass, field


@dataclass
class HandbookIndex:
    pages: dict[str, tuple[str, str]] = field(default_factory=dict)  # title -> (section, text)

    def search(self, query: str, section: str | None = None) -> list[str]:
        q = query.lower()
        return [
            title
            for title, (sec, text) in self.pages.items()
            if q in text.lower() and (section is None or sec == section)
        ]
