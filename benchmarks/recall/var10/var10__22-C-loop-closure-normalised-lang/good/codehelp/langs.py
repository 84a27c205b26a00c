ALIASES = {"py": "python", "python3": "python", "js": "javascript", "ts": "typescript", "golang": "go"}
SUPPORTED = {"python", "javascript", "typescript", "go", "rust"}


def normalize_lang(value: str) -> str:
    lang = value.strip().lower()
    lang = ALIASES.get(lang, lang)
    if lang not in SUPPORTED:
        raise ValueError(f"unsupported language {value!r}; choose one of {sorted(SUPPORTED)}")
    return lang
