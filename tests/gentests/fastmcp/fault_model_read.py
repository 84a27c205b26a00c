# expect-fail: test_tool_format_contact_valid
"""Planted fault: a tool taking a pydantic model reads a misspelt key of its dump."""

from fastmcp import FastMCP
from pydantic import BaseModel


class Contact(BaseModel):
    name: str
    email: str = "unknown@example.com"


mcp = FastMCP("gentests-model-read")


def card(data: dict) -> str:
    return f"{data['name']} <{data['emial']}>"


@mcp.tool
def format_contact(contact: Contact) -> str:
    """Format a contact."""
    return card(contact.model_dump())
