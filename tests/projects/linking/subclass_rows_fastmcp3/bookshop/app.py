"""A project subclass of fastmcp's FastMCP, made at module level here."""
from fastmcp import FastMCP

from .catalog import register_catalog


class ShopServer(FastMCP):
    """Adds nothing the model reads; registrations go through register_catalog."""


shop = ShopServer("bookshop")
register_catalog(shop)
