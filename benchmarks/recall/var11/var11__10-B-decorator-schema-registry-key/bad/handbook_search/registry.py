from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from mcp import types

ToolFn = Callable[..., Awaitable[list[str]]]


@dataclass
class RegisteredTool:
    tool: types.Tool
    fn: ToolFn


REGISTRY: dict[str, RegisteredTool] = {}


def tool(name: str, description: str, schema: dict[str, Any]) -> Callable[[ToolFn], ToolFn]:
    """Register fn under name, publishing schema as its input_schema."""

    def register(fn: ToolFn) -> ToolFn:
        REGISTRY[name] = RegisteredTool(types.Tool(name=name, description=description, input_schema=schema), fn)
        return fn

    return register
