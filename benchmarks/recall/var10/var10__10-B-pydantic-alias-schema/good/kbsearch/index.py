from typing import Any

ARTICLES = {
    "reset-password": "How to reset a password",
    "vpn-setup": "Setting up the VPN client",
    "sso-errors": "Troubleshooting single sign-on errors",
}


def run_search(arguments: dict[str, Any]) -> list[str]:
    query = arguments["query"].lower()
    limit = int(arguments.get("maxResults", 5))
    hits = [title for slug, title in ARTICLES.items() if query in slug or query in title.lower()]
    return hits[:limit]
