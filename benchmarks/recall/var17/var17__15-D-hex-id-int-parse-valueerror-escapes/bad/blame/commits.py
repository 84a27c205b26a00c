def short_hash(raw: str) -> str:
    value = int(raw, 16)
    return f"{value:x}"[:12]
