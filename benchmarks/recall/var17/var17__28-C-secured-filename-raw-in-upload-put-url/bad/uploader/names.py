import re

UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def secure_filename(name: str) -> str:
    cleaned = UNSAFE.sub("_", name.strip()).strip("._")
    if not cleaned:
        raise ValueError("filename is empty after cleaning")
    return cleaned
