import os

import httpx

BASE = os.environ.get("DESK_URL", "https://desk.example.com/api")


def session() -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=BASE, timeout=10)
