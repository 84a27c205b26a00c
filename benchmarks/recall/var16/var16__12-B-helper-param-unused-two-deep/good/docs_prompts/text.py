def outline(topic: str, depth: str) -> str:
    return f"Outline a {depth} tutorial on {topic}."


def tutorial(topic: str, depth: str, audience: str) -> str:
    return outline(topic, depth) + f" Write for {audience}."
