import sqlite3


def install_tools(app):
    @app.tool()
    def contact_email(contact_id: int) -> dict:
        try:
            row = sqlite3.connect("crm.db").execute("SELECT e FROM c WHERE id = ?", (contact_id,)).fetchone()
        except sqlite3.Error as exc:
            return {"error": str(exc)}  # error: MCP204
        return {"email": row[0] if row else None}
