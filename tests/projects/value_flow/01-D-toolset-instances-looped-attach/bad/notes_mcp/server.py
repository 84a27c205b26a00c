from fastmcp import FastMCP

from .store import Store
from .toolsets import NoteTools, TagTools


def build() -> FastMCP:
    app = FastMCP("notes")
    store = Store()
    for toolset in (NoteTools(store), TagTools(store)):
        toolset.attach(app)
    return app


app = build()

if __name__ == "__main__":
    app.run()
