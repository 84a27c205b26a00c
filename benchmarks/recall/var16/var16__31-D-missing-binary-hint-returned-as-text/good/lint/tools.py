from .runner import Linter


def register_tools(mcp) -> None:
    linter = Linter()

    @mcp.tool
    def lint_path(path: str) -> str:
        return linter.check(path)
