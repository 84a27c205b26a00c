from fastmcp import FastMCP

from .prompts import ANNOUNCE_ARGS, AnnouncePrompt


class ReleaseServer:
    def __init__(self) -> None:
        self.mcp = FastMCP("release")
        self.mcp.add_prompt(AnnouncePrompt(name="announce_release", description="Draft a release announcement", arguments=ANNOUNCE_ARGS))


mcp = ReleaseServer().mcp
