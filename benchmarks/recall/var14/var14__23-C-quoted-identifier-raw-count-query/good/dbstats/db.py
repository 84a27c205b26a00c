import sqlite3

CONN = sqlite3.connect(":memory:", check_same_thread=False)
CONN.executescript("CREATE TABLE orders(id INTEGER); INSERT INTO orders VALUES (1), (2);")


def table_names() -> set[str]:
    return {row[0] for row in CONN.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
