import csv
from dataclasses import dataclass
from pathlib import Path

from mcp.server.fastmcp.exceptions import ToolError


@dataclass
class Table:
    columns: list[str]
    rows: list[dict[str, str]]


def load_table(root: Path, name: str) -> Table:
    path = (root / name).resolve()
    if path.parent != root.resolve() or path.suffix != ".csv" or not path.is_file():
        raise ToolError(f"no CSV file named {name!r}")
    with path.open(newline="") as handle:
        reader = csv.DictReader(handle)
        return Table(list(reader.fieldnames or []), list(reader))
