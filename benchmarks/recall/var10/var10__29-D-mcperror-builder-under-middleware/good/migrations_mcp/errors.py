

def invalid_argument(message: str) -> Exception:
    """The error to raise for a bad prompt argument."""
    return ValueError(message)
