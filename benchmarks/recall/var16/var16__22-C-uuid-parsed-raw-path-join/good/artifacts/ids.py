import uuid


def artifact_id(raw: str) -> uuid.UUID:
    # accept pasted links such as https://ci.example.com/artifacts/<uuid>
    return uuid.UUID(raw.rstrip("/").rsplit("/", 1)[-1])
