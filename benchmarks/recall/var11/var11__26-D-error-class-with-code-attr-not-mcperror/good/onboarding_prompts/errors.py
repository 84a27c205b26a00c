from mcp import MCPError, types


class PromptArgumentError(MCPError):
    """A bad or missing prompt argument; carries the JSON-RPC code clients should see."""

    def __init__(self, message: str) -> None:
        super().__init__(code=types.INVALID_PARAMS, message=message)
