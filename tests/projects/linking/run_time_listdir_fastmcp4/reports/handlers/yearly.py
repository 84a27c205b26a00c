import csv

from fastmcp.exceptions import ToolError


def attach(app):
    @app.tool()
    def yearly_rows(year: str) -> dict:
        try:
            with open("yearly.csv", newline="") as handle:
                rows = [row for row in csv.reader(handle) if row and row[0] == year]
        except OSError as exc:
            raise ToolError(f"Report unavailable: {exc}") from exc  # ok: an isError result
        return {"rows": len(rows)}
