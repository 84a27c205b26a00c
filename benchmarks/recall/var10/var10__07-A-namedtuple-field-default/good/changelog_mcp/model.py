from typing import NamedTuple


class ChangelogRequest(NamedTuple):
    repo: str
    since_tag: str
    # rendering options
    style: str = "keepachangelog"
