def parse_growth(raw: str) -> float:
    try:
        pct = float(raw)
    except ValueError:
        raise ValueError(f"growth must be a number, got {raw!r}") from None
    assert 0 <= pct <= 500, "growth must be between 0 and 500 percent"
    return pct
