from fastmcp import FastMCP

from .prompts import CertificatePrompts

mcp = FastMCP("certs")
CertificatePrompts().register(mcp)
