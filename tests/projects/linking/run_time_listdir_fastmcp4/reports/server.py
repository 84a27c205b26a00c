"""The handler modules are the files of the handlers folder, listed with os.listdir and
imported with __import__ and a fromlist (which returns the module itself) (fastmcp 4)."""
import os

from fastmcp import FastMCP

HERE = os.path.dirname(__file__)


def build() -> FastMCP:
    app = FastMCP("reports")
    for filename in os.listdir(os.path.join(HERE, "handlers")):
        if filename.endswith(".py") and not filename.startswith("__"):
            handler = __import__(f"reports.handlers.{filename[:-3]}", fromlist=["attach"])
            handler.attach(app)
    return app
