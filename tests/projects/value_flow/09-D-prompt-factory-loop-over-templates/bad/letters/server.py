from fastmcp import FastMCP

from .factory import make_prompt
from .templates import TEMPLATES

mcp = FastMCP("letters")

for prompt_name, template in TEMPLATES.items():
    mcp.prompt(name=prompt_name)(make_prompt(template))
