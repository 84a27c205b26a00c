def headline(story: str, tone: str) -> str:
    return f"Write a {tone} headline for: {story}"
