import sqlite3

from metrics import server


@server.mcp.tool()
def series_length(series_id: int) -> dict:
    try:
        row = sqlite3.connect("m.db").execute("SELECT count(*) FROM p WHERE s = ?", (series_id,)).fetchone()
    except sqlite3.Error as exc:
        return {"error": str(exc)}  # error: MCP204
    return {"points": row[0]}


@server.mcp.tool()
def series_name(series_id: int) -> str:
    row = sqlite3.connect("m.db").execute("SELECT n FROM s WHERE id = ?", (series_id,)).fetchone()
    return row[0] if row else ""  # ok: a failure raises, the stack sends it as isError
