CITIES = {"paris": (48.85, 2.35)}


def coords(city: str) -> dict:
    """Latitude and longitude of a city."""
    if city.lower() not in CITIES:
        raise ValueError(f"unknown city {city}")  # ok: the fix of the twin
    lat, lon = CITIES[city.lower()]
    return {"lat": lat, "lon": lon}


def cities() -> list[str]:
    """Known cities."""
    return sorted(CITIES)


NAMES = ["geo_coords", "geo_cities"]
FUNCS = [coords, cities]
