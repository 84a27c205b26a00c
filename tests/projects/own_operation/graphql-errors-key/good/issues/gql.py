"""Minimal GraphQL client for the tracker."""
import os

import httpx

ENDPOINT = "https://tracker.example.com/graphql"


def run(query: str, variables: dict) -> dict:
    headers = {"Authorization": f"Bearer {os.environ['TRACKER_TOKEN']}"}
    resp = httpx.post(ENDPOINT, json={"query": query, "variables": variables}, headers=headers)
    return resp.json()
