# expect-fail: test_prompt_introduce_empty_name
"""Planted fault: an empty required name, normalised by a helper, silently becomes "Anonymous"."""

from fastmcp import FastMCP


def tidy(value: str) -> str:
    return value.strip().title()


def create_server(debug: bool = False) -> FastMCP:
    mcp = FastMCP("gentests-helper-default")

    @mcp.prompt
    def introduce(name: str, role: str = "engineer") -> str:
        """Introduce someone."""
        name = tidy(name) or "Anonymous"
        return f"Introduce {name}, our {role}"

    return mcp
