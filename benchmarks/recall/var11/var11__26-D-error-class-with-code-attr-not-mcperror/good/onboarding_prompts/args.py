from .errors import PromptArgumentError


def need(arguments: dict[str, str], key: str) -> str:
    value = arguments.get(key, "").strip()
    if not value:
        raise PromptArgumentError(f"{key} is required")
    return value
