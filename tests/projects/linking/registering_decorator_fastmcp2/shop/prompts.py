"""A prompt registered through the module attribute form of the bare decorator."""

from shop import app


@app.safe_prompt
def review(order_id: str, tone: str = "neutral") -> str:
    tone = tone or "neutral"  # ok: optional
    return f"Review order {order_id} in a {tone} tone"
