import sqlite3


def register_stock_tools(server):
    @server.tool()
    def stock_level(sku: str) -> dict:
        try:
            row = sqlite3.connect("stock.db").execute("SELECT n FROM stock WHERE sku = ?", (sku,)).fetchone()
        except sqlite3.Error as e:
            return {"status": "error", "message": str(e)}  # error: MCP204
        return {"sku": sku, "level": row[0] if row else 0}
