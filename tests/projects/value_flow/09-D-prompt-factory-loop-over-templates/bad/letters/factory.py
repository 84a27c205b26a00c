from fastmcp.exceptions import ValidationError

from .templates import TONES


def make_prompt(template: str):
    """Return a prompt function rendering `template`."""

    def render(recipient: str, tone: str = "warm") -> str:
        if tone not in TONES:
            raise RuntimeError(f"tone must be one of {', '.join(TONES)}")
        return template.format(recipient=recipient, tone=tone)

    return render
