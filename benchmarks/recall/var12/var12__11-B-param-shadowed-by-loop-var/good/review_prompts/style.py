import re

STYLE_GUIDES = {
    "python": "Follow PEP 8; prefer explicit exceptions over sentinel values.",
    "go": "Follow Effective Go; check every returned error.",
    "typescript": "No implicit any; prefer readonly types.",
}

_EXTENSIONS = {".py": "python", ".go": "go", ".ts": "typescript", ".tsx": "typescript"}
_FILE_HEADER = re.compile(r"^\+\+\+ b/(\S+)$", re.MULTILINE)


def detect_languages(diff: str) -> list[str]:
    found: list[str] = []
    for path in _FILE_HEADER.findall(diff):
        for ext, lang in _EXTENSIONS.items():
            if path.endswith(ext) and lang not in found:
                found.append(lang)
    return found
