from dataclasses import dataclass


@dataclass
class ForecastQuery:
    city: str
    units: str = "metric"
    days: int = 3
