import re

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
TABLES = {"orders", "customers", "invoices"}


class TableError(Exception):
    pass


def check_table(raw: str) -> str:
    match = IDENT.match(raw.strip())
    if match is None or match.group(0).lower() not in TABLES:
        raise TableError(f"unknown table {raw!r}; choose one of {', '.join(sorted(TABLES))}")
    return match.group(0).lower()
