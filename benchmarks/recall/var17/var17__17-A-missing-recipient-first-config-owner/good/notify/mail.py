from .config import SETTINGS


def recipient_for(arguments: dict) -> str:
    return arguments["recipient"]


def subject_for(arguments: dict) -> str:
    return arguments.get("subject", "Notice from the platform team")
