"""Invoice API client."""
import httpx

API = "https://billing.example.com/api"


def fetch_invoice(invoice_id: str) -> dict | None:
    """The invoice, or None when the service does not answer with one."""
    try:
        resp = httpx.get(f"{API}/invoices/{invoice_id}", timeout=10)
        resp.raise_for_status()
    except httpx.HTTPError:
        return None
    return resp.json()
