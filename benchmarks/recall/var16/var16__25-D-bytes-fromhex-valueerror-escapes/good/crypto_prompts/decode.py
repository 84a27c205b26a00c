from mcp import McpError
from mcp.types import ErrorData, INVALID_PARAMS


def digest_bytes(hex_digest: str) -> bytes:
    try:
        return bytes.fromhex(hex_digest)
    except ValueError as exc:
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"digest is not hex: {exc}")) from exc


def check_length(raw: bytes) -> None:
    if len(raw) not in (20, 32):
        raise McpError(ErrorData(code=INVALID_PARAMS, message="digest must be SHA-1 or SHA-256"))
