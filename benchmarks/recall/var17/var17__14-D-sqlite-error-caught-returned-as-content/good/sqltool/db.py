import sqlite3

import mcp.types as types


def text_result(text: str, *, failed: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=failed)


def run_readonly(path: str, sql: str) -> types.CallToolResult:
    if not sql.lstrip().lower().startswith("select"):
        return text_result("only SELECT statements are allowed", failed=True)
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            rows = conn.execute(sql).fetchmany(200)
    except sqlite3.Error as exc:
        return text_result(f"query failed: {exc}", failed=True)
    return text_result("\n".join(map(repr, rows)) or "(no rows)")
