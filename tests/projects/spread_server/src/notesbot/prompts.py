from .app import mcp


@mcp.prompt()
def summarize(topic: str) -> str:
    topic = topic or "everything"
    return f"Summarize {topic}"


@mcp.prompt()
def outline(subject: str, depth: str = "2") -> str:
    depth = depth or "2"
    return f"Outline {subject} to depth {depth}"
