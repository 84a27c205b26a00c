FACTORS = {
    ("km", "mi"): 0.621371,
    ("mi", "km"): 1.609344,
    ("kg", "lb"): 2.204623,
    ("lb", "kg"): 0.453592,
}


class UnsupportedConversion(Exception):
    pass


def convert(value: float, src: str, dst: str) -> float:
    try:
        return value * FACTORS[(src.strip().lower(), dst.strip().lower())]
    except KeyError:
        raise UnsupportedConversion(f"cannot convert {src} to {dst}") from None
