from typing import NamedTuple


class ChangelogRequest(NamedTuple):
    repo: str
    since_tag: str = "v0.0.0"
    # rendering options
    style: str = "keepachangelog"
