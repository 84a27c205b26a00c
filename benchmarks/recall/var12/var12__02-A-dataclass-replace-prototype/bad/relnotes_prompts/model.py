from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class ReleaseNotesRequest:
    version: str
    channel: str
    audience: str


BLANK = ReleaseNotesRequest(version="unreleased", channel="stable", audience="end users")
FIELD_NAMES = {f.name for f in fields(ReleaseNotesRequest)}


def request_from(arguments: dict[str, str]) -> ReleaseNotesRequest:
    known = {key: value for key, value in arguments.items() if key in FIELD_NAMES}
    return replace(BLANK, **known)
