from fastmcp import FastMCP

from .prompts import install

app = FastMCP("standup")
install(app)
