from mcp.server.mcpserver import MCPServer

from .versions import require_semver


def register(server: MCPServer) -> None:
    @server.prompt()
    def upgrade_guide(package: str, from_version: str, to_version: str, audience: str = "application developers") -> str:
        """Write an upgrade guide between two releases."""
        old = require_semver(from_version, "from_version")
        new = require_semver(to_version, "to_version")
        return (
            f"Write an upgrade guide for {package} from {old} to {new} for {audience}: "
            "breaking changes first, each with a before/after snippet."
        )
