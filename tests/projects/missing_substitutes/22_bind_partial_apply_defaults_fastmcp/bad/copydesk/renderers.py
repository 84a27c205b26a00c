def headline(story: str, tone: str = "neutral") -> str:  # error: MCP101
    return f"Write a {tone} headline for: {story}"
