from fastmcp import FastMCP
from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware

from .changelog import changelog_prompt


class ReleaseApp:
    def __init__(self, name: str) -> None:
        self.server = FastMCP(name)
        self.server.add_middleware(ErrorHandlingMiddleware())
        self.server.add_prompt(changelog_prompt())

    def run(self) -> None:
        self.server.run()


app = ReleaseApp("release-tools")
