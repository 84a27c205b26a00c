from mcp import MCPError, types


class PromptArgumentError(Exception):
    """A bad or missing prompt argument; carries the JSON-RPC code clients should see."""

    code = types.INVALID_PARAMS

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
