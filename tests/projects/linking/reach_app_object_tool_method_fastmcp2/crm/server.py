from . import contacts  # noqa: F401
from .core import app

if __name__ == "__main__":
    app.mcp.run()
