from mcp.server.mcpserver import MCPServer

from .windows import parse_window


class ReportPrompts:
    def __init__(self, product: str) -> None:
        self.product = product

    def usage_report(self, service: str, days: str = "7") -> str:
        window = parse_window(days)
        return f"Write a usage report for {service} in {self.product} covering the last {window} days."

    def install(self, server: MCPServer) -> None:
        server.prompt(name="usage_report", description="Usage report for a service")(self.usage_report)
