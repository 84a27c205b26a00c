from fastmcp.exceptions import ToolError

from .retry import with_retries

DELIVERIES = {"d-1": "https://hooks.example.com/ok", "d-2": "https://hooks.example.com/down"}


def post(url: str) -> str:
    if url.endswith("/down"):
        raise ConnectionError("connection refused")
    return "202 Accepted"


class DeliveryTools:
    def redeliver_webhook(self, delivery_id: str, attempts: int = 3) -> str:
        """Re-send a stored webhook delivery."""
        url = DELIVERIES.get(delivery_id)
        if url is None:
            raise ToolError(f"unknown delivery {delivery_id}")
        result = with_retries(lambda: post(url), attempts=attempts)
        return f"{delivery_id}: {result}"
