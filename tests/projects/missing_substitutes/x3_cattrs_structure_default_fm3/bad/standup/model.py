from attrs import define


@define
class Digest:
    team: str
    window: str = "24h"  # error: MCP101
    tone: str = "neutral"
