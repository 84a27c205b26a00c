from fastmcp import FastMCP

from .checklist import REGISTRY

mcp = FastMCP("deployer", mask_error_details=True)
for prompt in REGISTRY.values():
    mcp.add_prompt(prompt)
