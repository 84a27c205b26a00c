from fastmcp import FastMCP

from .variants import variant_style


def register_prompts(mcp: FastMCP) -> None:
    @mcp.prompt
    def ad_copy(product: str, variant: int) -> str:
        """Write ad copy for a product in one of the house styles."""
        return f"Write ad copy for {product}. Style: {variant_style(variant)}."
