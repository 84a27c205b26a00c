"""String annotation of the project subclass; prompts and tools registered in loops over rows."""
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import ShopServer

TITLES = {"dune": "Dune", "emma": "Emma"}


def register_catalog(server: "ShopServer") -> None:
    def blurb(book: str) -> str:
        if book not in TITLES:
            raise KeyError(book)  # error: MCP201
        return f"Write a blurb for {TITLES[book]}"

    def review(book: str, tone: str = "warm") -> str:
        return f"Review {book} in a {tone} tone"  # ok: nothing raised

    def price(book: str) -> dict:
        try:
            return {"price": len(TITLES[book])}
        except KeyError:
            return {"error": "unknown book"}  # error: MCP204

    for label, fn in (("blurb", blurb), ("review", review)):
        server.prompt(name=f"book-{label}")(fn)
    for label, fn in [("price", price)]:
        server.add_tool(fn, name=label)
