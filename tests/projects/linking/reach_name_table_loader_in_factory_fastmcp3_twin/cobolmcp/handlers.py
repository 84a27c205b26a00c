LIBRARY = {"PAYROLL": "IDENTIFICATION DIVISION."}


def parse_source(source: str = "", member: str = "") -> dict:
    """Parse COBOL given as text or as a library member name."""
    if not source and not member:
        raise ValueError("source or path is required")  # ok: the fix of the twin
    text = source or LIBRARY.get(member, "")
    return {"success": True, "lines": len(text.splitlines())}


def count_paragraphs(source: str) -> int:
    """How many paragraphs a COBOL source has."""
    return sum(1 for line in source.splitlines() if line.rstrip().endswith("."))
