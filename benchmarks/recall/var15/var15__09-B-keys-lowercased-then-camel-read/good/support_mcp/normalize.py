def normalize_keys(arguments: dict[str, str] | None) -> dict[str, str]:
    return {k.strip().lower(): v for k, v in (arguments or {}).items()}
