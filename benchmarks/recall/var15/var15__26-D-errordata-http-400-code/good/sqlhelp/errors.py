from mcp import types

BAD_REQUEST = 400


def bad_request(message: str) -> types.ErrorData:
    return types.ErrorData(code=types.INVALID_PARAMS, message=message)
