def per_head(total: float, people: int) -> float:
    if people <= 0:
        raise ValueError("people must be at least 1")
    return round(total / people, 2)
