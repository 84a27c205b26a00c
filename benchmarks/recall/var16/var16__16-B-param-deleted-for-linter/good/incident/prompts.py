from fastmcp.exceptions import ValidationError

SEVERITIES = ("sev1", "sev2", "sev3")


def register_prompts(mcp) -> None:
    @mcp.prompt(name="postmortem")
    def postmortem(incident: str, severity: str, timeline: str = "") -> str:
        if severity not in SEVERITIES:
            raise ValidationError(f"severity must be one of {SEVERITIES}")
        extra = f"\nTimeline:\n{timeline}" if timeline else ""
        return f"Draft a blameless postmortem for {incident} ({severity}).{extra}"
