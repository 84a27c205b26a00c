from dataclasses import dataclass, field


@dataclass
class Settings:
    owners: list[str] = field(default_factory=lambda: ["platform-oncall@example.com", "cto@example.com"])
    sender: str = "mcp-notify@example.com"


SETTINGS = Settings()
