from .config import SETTINGS


def recipient_for(arguments: dict) -> str:
    return arguments.get("recipient") or SETTINGS.owners[0]


def subject_for(arguments: dict) -> str:
    return arguments.get("subject", "Notice from the platform team")
