def xpath_literal(value: str) -> str:
    """Quote a value for an XPath predicate ([@attr=...])."""
    if "'" not in value:
        return f"'{value}'"
    if '"' not in value:
        return f'"{value}"'
    raise ValueError("value contains both quote kinds")
