"""GitHub REST calls."""
import os

import httpx

_client = httpx.Client(
    base_url="https://api.github.com",
    headers={"Authorization": f"token {os.environ.get('GH_TOKEN', '')}"},
)


def post_comment(repo: str, number: int, body: str) -> httpx.Response:
    return _client.post(f"/repos/{repo}/issues/{number}/comments", json={"body": body})
