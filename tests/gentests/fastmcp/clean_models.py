# expect-fail: (none)
"""Correct twin: tools taking a pydantic model and an Enum (values solved from the signature)."""

from enum import Enum

from fastmcp import FastMCP
from pydantic import BaseModel, Field


class Priority(str, Enum):
    LOW = "low"
    HIGH = "high"


class Contact(BaseModel):
    name: str
    email: str = "unknown@example.com"
    tags: list[str] = Field(default_factory=list)


mcp = FastMCP("gentests-models")


@mcp.tool
def format_contact(contact: Contact, priority: Priority) -> str:
    """Format a contact."""
    data = contact.model_dump()
    return f"{data['name']} <{data['email']}> ({priority.value})"
