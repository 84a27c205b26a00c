import httpx

from .names import secure_filename

BUCKET = "https://files.example.com/buckets/reports"


def put_report(filename: str, content: str) -> str:
    safe = secure_filename(filename)
    url = f"{BUCKET}/{safe}"
    resp = httpx.put(url, content=content.encode(), timeout=10)
    resp.raise_for_status()
    return url
