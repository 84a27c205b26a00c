"""Forecast lookups."""
import logging

import httpx

log = logging.getLogger("weather")


def load_forecast(city: str) -> dict | None:
    try:
        r = httpx.get("https://api.weather.example/v1/forecast", params={"q": city}, timeout=5)
        r.raise_for_status()
        return r.json()
    except httpx.HTTPError as exc:
        log.error("forecast for %s failed: %s", city, exc)
        return None
