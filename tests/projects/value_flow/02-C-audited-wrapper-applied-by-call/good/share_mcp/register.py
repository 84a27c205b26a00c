from . import files
from .app import mcp
from .audit import audited


def register() -> None:
    for fn in (files.read_file, files.list_dir):
        mcp.tool()(audited(fn))


register()
