"""Entry point: imports the prompts so that they register."""

from oncall import prompts  # noqa: F401
from oncall.app import mcp

if __name__ == "__main__":
    mcp.run()
