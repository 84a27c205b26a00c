from typing import NamedTuple


class Version(NamedTuple):
    major: int
    minor: int
    patch: int

    @classmethod
    def parse(cls, text: str) -> "Version":
        parts = text.lstrip("v").split(".")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise ValueError(f"not a semantic version: {text!r}")
        return cls(*map(int, parts))

    def __str__(self) -> str:
        return f"v{self.major}.{self.minor}.{self.patch}"
