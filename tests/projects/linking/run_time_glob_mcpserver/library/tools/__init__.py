"""Each module next to this one is imported by its file name at run time and given the server."""
import importlib
from pathlib import Path


def install(server):
    for path in sorted(Path(__file__).parent.glob("*.py")):
        if path.stem.startswith("_"):
            continue
        importlib.import_module(f".{path.stem}", __package__).setup(server)
