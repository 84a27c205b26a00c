from fastmcp import FastMCP

from .cidr import check_prefix, network


def register(mcp: FastMCP) -> None:
    @mcp.prompt(name="subnet_plan")
    def subnet_plan(cidr: str, tiers: str = "public,private,data") -> str:
        net = network(cidr)
        check_prefix(net)
        return f"Split {net} into subnets for these tiers: {tiers}. Show the CIDR for each."
