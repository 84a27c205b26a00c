import os

import httpx

API = os.environ.get("TRANSLATE_API", "https://translate.internal.example/v2")


def translate(text: str, target: str) -> str:
    with httpx.Client(base_url=API, timeout=15) as client:
        resp = client.post("/translate", json={"q": text, "target": target})
        resp.raise_for_status()
        return resp.json()["translatedText"]
