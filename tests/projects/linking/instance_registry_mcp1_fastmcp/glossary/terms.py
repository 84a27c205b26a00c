"""Prompts filled into the registry by its decorator method."""

from glossary.registry import registry


@registry.register
def define(term: str, audience: str) -> str:
    audience = audience or "developers"  # error: MCP101
    return f"Define {term} for {audience}"


@registry.register
def compare(first: str, second: str, depth: str = "short") -> str:
    depth = depth or "short"  # ok: optional
    return f"Compare {first} and {second} ({depth})"


def etymology(term: str) -> str:
    term = term or "word"  # ok: never registered
    return f"Where does {term} come from?"
