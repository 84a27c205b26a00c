import locale

KNOWN = {"EUR", "USD", "GBP", "JPY"}


def currency_code(arguments: dict) -> str:
    code = arguments.get("currency", "")
    code = code.upper()
    if code not in KNOWN:
        raise ValueError(f"currency must be one of {sorted(KNOWN)}")
    return code
