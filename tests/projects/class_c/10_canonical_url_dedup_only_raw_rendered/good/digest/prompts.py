from fastmcp import FastMCP

from .urls import canonical_url

SEEN: set[str] = set()


def install(mcp: FastMCP) -> None:
    @mcp.prompt(name="summarise_link")
    def summarise_link(url: str, audience: str = "engineers") -> str:
        link = canonical_url(url)
        if link in SEEN:
            note = "You summarised this link before; only describe what changed."
        else:
            note = "Summarise it in five bullet points."
        SEEN.add(link)
        return f"Read {link} for {audience}. {note}"
