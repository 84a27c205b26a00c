from mcp.server.mcpserver import MCPServer

from .runbooks import load_runbook


def register(server: MCPServer) -> None:
    @server.prompt()
    def follow_runbook(service: str, symptom: str) -> str:
        try:
            runbook = load_runbook(service)
        except Exception as exc:
            raise RuntimeError(f"could not load the runbook for {service}: {exc}") from exc
        return f"Follow this runbook step by step for the symptom '{symptom}':\n\n{runbook}"
