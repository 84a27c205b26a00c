KNOWN_TAGS = ["v1.4.0", "v1.5.0", "v1.5.1", "v2.0.0"]


def resolve_tag(raw: str | None) -> str | None:
    if not raw:
        return max(KNOWN_TAGS)
    return raw if raw in KNOWN_TAGS else None


def previous_tag(tag: str) -> str:
    i = KNOWN_TAGS.index(tag)
    return KNOWN_TAGS[i - 1] if i else "(first release)"
