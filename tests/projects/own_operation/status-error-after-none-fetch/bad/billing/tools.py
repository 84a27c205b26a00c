from fastmcp import FastMCP

from . import client


def register(mcp: FastMCP) -> None:
    @mcp.tool
    def invoice_total(invoice_id: str) -> dict:
        """Total and currency of one invoice."""
        invoice = client.fetch_invoice(invoice_id)
        if invoice is None:
            return {"status": "error", "detail": "billing service gave no invoice"}
        return {"status": "ok", "total": invoice["total"], "currency": invoice["currency"]}
