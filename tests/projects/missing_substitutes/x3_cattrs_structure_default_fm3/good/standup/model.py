from attrs import define


@define
class Digest:
    team: str
    window: str
    tone: str = "neutral"
