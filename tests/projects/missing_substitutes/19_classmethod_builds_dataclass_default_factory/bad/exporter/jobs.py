from dataclasses import dataclass, field, fields


@dataclass
class ExportJob:
    table: str
    columns: list = field(default_factory=lambda: ["*"])  # error: MCP101
    limit: int = 1000

    @classmethod
    def from_arguments(cls, arguments: dict) -> "ExportJob":
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in arguments.items() if k in known})

    def sql(self) -> str:
        return f"SELECT {', '.join(self.columns)} FROM {self.table} LIMIT {int(self.limit)}"
