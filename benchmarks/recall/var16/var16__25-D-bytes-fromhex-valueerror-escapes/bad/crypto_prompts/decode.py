from mcp import McpError
from mcp.types import ErrorData, INVALID_PARAMS


def digest_bytes(hex_digest: str) -> bytes:
    return bytes.fromhex(hex_digest)


def check_length(raw: bytes) -> None:
    if len(raw) not in (20, 32):
        raise McpError(ErrorData(code=INVALID_PARAMS, message="digest must be SHA-1 or SHA-256"))
