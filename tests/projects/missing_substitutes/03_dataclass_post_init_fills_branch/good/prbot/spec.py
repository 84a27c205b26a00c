from dataclasses import dataclass


@dataclass
class CompareSpec:
    repo: str
    base: str = ""
    head: str = ""

    def __post_init__(self) -> None:
        if not self.repo:
            raise ValueError("repo is required")
        if not self.base:
            raise ValueError("base is required")
        if not self.head:
            raise ValueError("head is required")
