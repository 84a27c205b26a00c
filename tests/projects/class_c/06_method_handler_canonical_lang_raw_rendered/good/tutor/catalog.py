ALIASES = {
    "py": "Python",
    "python": "Python",
    "js": "JavaScript",
    "javascript": "JavaScript",
    "ts": "TypeScript",
    "rs": "Rust",
    "rust": "Rust",
}


class LanguageCatalog:
    def __init__(self, aliases: dict[str, str] | None = None) -> None:
        self.aliases = aliases or ALIASES

    def canonical(self, name: str) -> str | None:
        """The canonical language name for an alias, or None."""
        return self.aliases.get(name.strip().lower())
