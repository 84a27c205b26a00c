from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.types import INVALID_PARAMS

from .versions import major_of


class UpgradePrompts:
    def __init__(self, app: MCPServer) -> None:
        app.prompt(name="upgrade_plan")(self.upgrade_plan)

    def upgrade_plan(self, package: str, current: str, target: str) -> str:
        cur, tgt = major_of(current), major_of(target)
        if tgt < cur:
            raise MCPError(code=INVALID_PARAMS, message="target is older than current")
        return f"Plan the upgrade of {package} across {tgt - cur} major version(s)."
