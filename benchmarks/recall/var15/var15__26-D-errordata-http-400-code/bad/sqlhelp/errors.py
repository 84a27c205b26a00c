from mcp import types

BAD_REQUEST = 400


def bad_request(message: str) -> types.ErrorData:
    return types.ErrorData(code=BAD_REQUEST, message=message)
