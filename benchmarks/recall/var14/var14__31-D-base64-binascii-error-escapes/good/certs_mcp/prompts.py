from fastmcp import FastMCP
from fastmcp.exceptions import ValidationError

from .decode import der_bytes


class CertificatePrompts:
    def register(self, mcp: FastMCP) -> None:
        mcp.prompt(self.explain_certificate, name="explain_certificate")

    def explain_certificate(self, pem_body: str, detail: str = "summary") -> str:
        """Explain an X.509 certificate given its base64 body."""
        if detail not in ("summary", "full"):
            raise ValidationError("detail must be summary or full")
        der = der_bytes(pem_body)
        return f"Explain this DER certificate ({len(der)} bytes, hex follows) at {detail} level:\n{der.hex()}"
