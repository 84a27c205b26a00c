from mcp.server.mcpserver import MCPServer

from .spec import PlanSpec


def register(server: MCPServer) -> None:
    @server.prompt(name="plan")
    def plan(goal: str, constraints: str) -> str:
        spec = PlanSpec(goal=goal, constraints=constraints)
        return spec.render()
