from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

from .limits import capped

PRODUCTS = {"cloud", "desktop", "mobile"}


def register_prompts(server: MCPServer) -> None:
    @server.prompt(name="faq_answer")
    async def faq_answer(product: str, question: str) -> str:
        if product not in PRODUCTS:
            raise MCPError(code=INVALID_PARAMS, message=f"product must be one of {sorted(PRODUCTS)}")
        short = capped(question)
        if not short:
            raise MCPError(code=INVALID_PARAMS, message="question is empty")
        return (
            f"Answer this {product} FAQ question using only the help centre articles.\n"
            f"Question: {short}"
        )
