import os
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Settings:
    base_url: str = field(default_factory=lambda: os.environ.get("HELPDESK_URL", "https://helpdesk.example.com/api"))
    include_closed_by_default: bool = field(default_factory=lambda: os.environ.get("HELPDESK_INCLUDE_CLOSED") == "1")


SETTINGS = Settings()
