from fastmcp import FastMCP

from . import prompts

app = FastMCP("prbot")
prompts.install(app)
