from fastmcp import FastMCP

from .templates import pick_template


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="write_docs")
    def write_docs(topic: str, kind: str, reader: str = "a new team member") -> str:
        """Draft one documentation page of the given Diataxis kind."""
        return pick_template(kind).format(topic=topic, reader=reader)
