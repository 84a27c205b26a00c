from . import prompts  # noqa: F401  registers the prompts
from .app import mcp

if __name__ == "__main__":
    mcp.run()
