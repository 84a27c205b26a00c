from dataclasses import dataclass, field


@dataclass(frozen=True)
class Settings:
    allowed_hosts: frozenset[str] = field(
        default_factory=lambda: frozenset({"status.internal.example", "api.internal.example"})
    )
