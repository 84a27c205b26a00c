def canonical_unit(unit: str) -> str:
    return {"c": "metric", "f": "imperial"}.get(unit.lower()[:1], "metric")
