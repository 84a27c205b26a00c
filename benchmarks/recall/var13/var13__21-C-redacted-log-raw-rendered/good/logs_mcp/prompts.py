from fastmcp import FastMCP

from .redact import redact


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="explain_log")
    def explain_log(log: str, service: str = "unknown service") -> str:
        """Explain an error log excerpt."""
        clean, hits = redact(log)
        note = f"({hits} secrets were redacted.)\n" if hits else ""
        return f"Explain the root cause of this {service} error log.\n{note}\n```\n{clean}\n```"
