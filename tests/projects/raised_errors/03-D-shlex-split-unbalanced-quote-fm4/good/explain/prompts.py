from fastmcp import FastMCP
from fastmcp.exceptions import ValidationError

from .tokens import argv_of, describe


def attach(mcp: FastMCP) -> None:
    @mcp.prompt
    def explain_command(command: str) -> str:
        if not command.strip():
            raise ValidationError("command must not be empty")
        try:
            argv = argv_of(command)
        except ValueError as exc:
            raise ValidationError(f"command does not parse: {exc}") from exc
        return f"Explain each word of this shell command:\n{describe(argv)}"
