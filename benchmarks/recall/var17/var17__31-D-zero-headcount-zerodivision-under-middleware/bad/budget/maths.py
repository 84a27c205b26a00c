def per_head(total: float, people: int) -> float:
    return round(total / people, 2)
