# expect-fail: (none)
"""Correct twin built by a factory with parameters: a folder, a config dataclass with defaults,
and a ticket id checked by a regular expression."""

import re
from dataclasses import dataclass
from pathlib import Path

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

TICKET = re.compile(r"[A-Z]{2,4}-\d{1,5}")


@dataclass
class Config:
    project: str = "OPS"


def invalid(message: str) -> McpError:
    return McpError(types.ErrorData(code=types.INVALID_PARAMS, message=message))


def create_server(root: Path, config: Config, verbose: bool = False) -> Server:
    server = Server("gentests-factory")

    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [types.Prompt(name="triage", arguments=[types.PromptArgument(name="ticket", required=True)])]

    @server.get_prompt()
    async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
        if name != "triage":
            raise invalid(f"unknown prompt {name!r}")
        ticket = (arguments or {}).get("ticket", "")
        if not TICKET.fullmatch(ticket):
            raise invalid("ticket must look like OPS-123")
        if not root.is_dir():
            raise RuntimeError("the root folder is gone")
        text = f"[{config.project}] Triage {ticket}"
        return types.GetPromptResult(messages=[
            types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    return server
