IMAGES = {"web:1.2", "api:3.0"}


def retag(image: str, tag: str) -> str:
    if image not in IMAGES:
        raise LookupError(f"{image} not found")
    return f"{image.split(':')[0]}:{tag}"
