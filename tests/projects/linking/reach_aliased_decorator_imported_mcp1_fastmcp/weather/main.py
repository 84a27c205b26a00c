from . import forecast  # noqa: F401
from .app import mcp

if __name__ == "__main__":
    mcp.run()
