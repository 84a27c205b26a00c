"""Makes the server and installs the registry on it."""

from mcp.server.fastmcp import FastMCP

from glossary import terms  # noqa: F401  (fills the registry)
from glossary.registry import registry

mcp = FastMCP("glossary")
registry.install(mcp)
