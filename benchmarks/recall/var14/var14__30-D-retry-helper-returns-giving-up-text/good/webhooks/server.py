from fastmcp import FastMCP

from .deliveries import DeliveryTools


def create() -> FastMCP:
    mcp = FastMCP("webhooks")
    tools = DeliveryTools()
    mcp.tool(tools.redeliver_webhook, name="redeliver_webhook")
    return mcp
