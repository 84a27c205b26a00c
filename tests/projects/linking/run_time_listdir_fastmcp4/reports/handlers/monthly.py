import csv


def attach(app):
    @app.tool()
    def monthly_rows(month: str) -> dict:
        try:
            with open("monthly.csv", newline="") as handle:
                rows = [row for row in csv.reader(handle) if row and row[0] == month]
        except OSError as exc:
            return {"error": str(exc)}  # error: MCP204
        return {"rows": len(rows)}
