from enum import Enum


class PushOption(str, Enum):
    FORCE = "force_with_lease"
    TAGS = "follow_tags"


def option_schema() -> dict:
    return {o.value: {"type": "boolean"} for o in PushOption}


def push_flags(arguments: dict) -> list[str]:
    flags = []
    if arguments.get(PushOption.FORCE.name.lower()):
        flags.append("--force-with-lease")
    if arguments.get(PushOption.TAGS.value):
        flags.append("--follow-tags")
    return flags
