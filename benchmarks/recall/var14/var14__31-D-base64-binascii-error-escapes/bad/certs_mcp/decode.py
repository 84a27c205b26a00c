import base64
import binascii

from fastmcp.exceptions import ValidationError


def der_bytes(pem_body: str) -> bytes:
    compact = "".join(pem_body.split())
    return base64.b64decode(compact, validate=True)
