import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    default_dialect: str
    default_schema: str

    @classmethod
    def from_env(cls) -> "Settings":
        return cls(
            default_dialect=os.environ.get("SQL_TUTOR_DIALECT", "postgres"),
            default_schema=os.environ.get("SQL_TUTOR_SCHEMA", "public"),
        )


SETTINGS = Settings.from_env()
