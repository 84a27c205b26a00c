from typing import Any

from .base import DeployTool
from .schemas import RESTART, SCALE


class RestartTool(DeployTool):
    def execute(self, arguments: dict[str, Any]) -> str:
        deployment = self.require(arguments, "deployment")
        namespace = arguments.get("namespace") or "default"  # error: MCP101
        return f"restarted {namespace}/{deployment} ({arguments.get('reason') or 'no reason'})"


class ScaleTool(DeployTool):
    def execute(self, arguments: dict[str, Any]) -> str:
        deployment = self.require(arguments, "deployment")
        replicas = self.require(arguments, "replicas")  # ok: a missing count is refused
        return f"scaled {deployment} to {replicas} (dry run: {arguments.get('dry_run')})"  # error: MCP102


def all_tools() -> list[DeployTool]:
    return [
        RestartTool(name="restart", description="Restart a deployment", parameters=RESTART),
        ScaleTool(name="scale", description="Scale a deployment", parameters=SCALE),
    ]
