from fastmcp import FastMCP

from . import prompts  # noqa: F401  (fills the registry)
from .registry import registry

mcp = FastMCP("ui-translate")
registry.install(mcp)
