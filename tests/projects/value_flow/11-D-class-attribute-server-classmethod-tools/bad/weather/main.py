from . import forecast  # noqa: F401
from .base import App


def main() -> None:
    App.mcp.run()
