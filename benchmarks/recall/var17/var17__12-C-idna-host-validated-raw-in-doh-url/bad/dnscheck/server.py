from fastmcp import FastMCP

from .tools import DnsTools

mcp = FastMCP("dnscheck")
DnsTools(mcp)
