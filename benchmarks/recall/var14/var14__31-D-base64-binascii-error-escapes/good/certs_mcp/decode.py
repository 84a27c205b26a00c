import base64
import binascii

from fastmcp.exceptions import ValidationError


def der_bytes(pem_body: str) -> bytes:
    compact = "".join(pem_body.split())
    try:
        return base64.b64decode(compact, validate=True)
    except binascii.Error as exc:
        raise ValidationError(f"pem_body is not valid base64: {exc}") from exc
