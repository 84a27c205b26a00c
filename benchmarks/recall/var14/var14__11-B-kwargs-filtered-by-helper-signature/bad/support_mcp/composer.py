import inspect

TONES = {"neutral", "warm", "formal"}


def compose_reply(ticket_id: str, tone: str, language: str = "en") -> str:
    if tone not in TONES:
        raise ValueError(f"tone must be one of {sorted(TONES)}")
    return f"Write a {tone} reply in {language} to support ticket {ticket_id}."


def call_with_known(fn, values: dict) -> str:
    accepted = inspect.signature(fn).parameters
    return fn(**{k: v for k, v in values.items() if k in accepted})
