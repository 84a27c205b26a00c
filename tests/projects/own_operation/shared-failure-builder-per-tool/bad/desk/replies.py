"""Reply shapes shared by the desk tools."""


def failure(reason: str, **context) -> dict:
    return {"ok": False, "reason": reason, **context}


def done(**fields) -> dict:
    return {"ok": True, **fields}
