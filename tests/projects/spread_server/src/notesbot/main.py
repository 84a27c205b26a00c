"""Builds the servers: uses the factory and the registration function of other modules."""
from . import prompts  # noqa: F401 - registers the prompts
from .app import mcp
from .lowlevel import create_server
from .more_prompts import register_prompts

register_prompts(mcp)
digest = create_server()
