import difflib

SUPPORTED = ["python", "go", "typescript", "rust", "java"]


def normalise_language(raw: str | None) -> str | None:
    matches = difflib.get_close_matches((raw or "").lower(), SUPPORTED, n=1, cutoff=0.6)
    return matches[0] if matches else None
