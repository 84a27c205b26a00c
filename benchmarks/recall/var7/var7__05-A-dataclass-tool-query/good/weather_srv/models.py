from dataclasses import dataclass


@dataclass
class ForecastQuery:
    city: str
    units: str
    days: int = 3
