from fastmcp import FastMCP

from .prompts import capacity

server = FastMCP("capacity")
for prompt in capacity.PROMPTS:
    server.add_prompt(prompt)
