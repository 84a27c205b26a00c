"""Every module of the plugins package, found with pkgutil at run time, registers its tools on
this server (fastmcp 3)."""
import importlib
import pkgutil

from fastmcp import FastMCP

mcp = FastMCP("garden")


def discover() -> None:
    from garden import plugins
    for _finder, name, _is_package in pkgutil.iter_modules(plugins.__path__):
        module = importlib.import_module(f"garden.plugins.{name}")
        if hasattr(module, "register"):
            module.register(mcp)


discover()
