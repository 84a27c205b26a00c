from pathlib import Path

from mcp import MCPError
from mcp.types import INVALID_PARAMS

from .files import collect_files, list_modules


class ReviewPrompts:
    def __init__(self, root: Path) -> None:
        self.root = root

    def review_module(self, module: str, include_tests: bool = False) -> str:
        """Review one package of the repository."""
        if module not in list_modules(self.root):
            raise MCPError(code=INVALID_PARAMS, message=f"unknown module: {module}")
        base = self.root / module
        files = collect_files(base, include_tests)
        listing = "\n".join(str(p.relative_to(self.root)) for p in files)
        return f"Review the {module} package for correctness and readability. Files:\n{listing}"
