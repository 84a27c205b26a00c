def render_brief(*, product: str, tone: str, length: str) -> str:
    return f"Write a {length} product brief for {product} in a {tone} tone."
