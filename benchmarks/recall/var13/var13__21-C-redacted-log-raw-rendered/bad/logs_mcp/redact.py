import re

PATTERNS = [
    re.compile(r"(?i)(authorization:\s*bearer\s+)\S+"),
    re.compile(r"(?i)((?:password|secret|token|api_key)=)[^\s&]+"),
    re.compile(r"AKIA[0-9A-Z]{16}"),
]


def redact(text: str) -> tuple[str, int]:
    hits = 0
    for pattern in PATTERNS:
        text, n = pattern.subn(lambda m: (m.group(1) if m.groups() else "") + "[REDACTED]", text)
        hits += n
    return text, hits
