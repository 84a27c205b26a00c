"""mcplint never imports or executes the code it lints, and writes nothing but its cache.

The linted tree is full of modules with import-time side effects: each writes a marker
file, connects to a socket the test listens on, and calls ``os._exit(3)``. They are
imported by the server being linted (``helpers``, ``pkg``, a relative import), sit where
tools look (``conftest.py``, ``setup.py``, ``__init__.py``) and shadow modules mcplint
itself imports (``click.py``, ``json.py``, ``libcst.py``, ``pathspec.py``), which
``python -m mcplint`` would pick up from the working directory if it did not drop it
from ``sys.path``. After a run: exit code 1 with the planted finding, no marker, no
connection.
"""

from __future__ import annotations

import hashlib
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

SERVER = '''import mcp.types as types
from mcp.server.lowlevel import Server

import helpers
import pkg
from pkg.tools import shout
from . import sibling

server = Server("s")


@server.list_prompts()
async def list_prompts():
    return [types.Prompt(name="p", arguments=[types.PromptArgument(name="language", required=True)])]


@server.get_prompt()
async def get_prompt(name, arguments):
    args = arguments or {}
    return args["language"]
'''
SERVER_LINE = 20  # `return args["language"]`: MCP202
SIDE_EFFECTS = '''import os, socket
open({marker!r}, "a").write(__name__ + "\\n")
try:
    socket.create_connection(("127.0.0.1", {port}), timeout=2).close()
finally:
    os._exit(3)
shout = sibling = None
'''
EVIL_MODULES = ("helpers.py", "sibling.py", "pkg/__init__.py", "pkg/tools.py", "conftest.py", "setup.py",
                "click.py", "json.py", "libcst.py", "pathspec.py", "__init__.py")
COMMANDS = {
    "module": [sys.executable, "-m", "mcplint"],
    "script": [str(Path(sys.executable).with_name("mcplint"))],
}


@pytest.fixture
def listener():
    """A listening socket that the planted modules would connect to."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        sock.setblocking(False)
        yield sock


def plant(tree: Path, port: int) -> Path:
    """Write the server and the side-effect modules under ``tree``; return the marker path."""
    marker = tree.parent / f"{tree.name}-marker"
    (tree / "pkg").mkdir(parents=True)
    (tree / "server.py").write_text(SERVER)
    for name in EVIL_MODULES:
        (tree / name).write_text("import mcp\n" + SIDE_EFFECTS.format(marker=str(marker), port=port))
    return marker


def nothing_connected(sock: socket.socket) -> bool:
    try:
        sock.accept()[0].close()
    except BlockingIOError:
        return True
    return False


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_linted_code_is_never_executed(tmp_path: Path, listener: socket.socket, command: str) -> None:
    tree = tmp_path / "project"
    marker = plant(tree, listener.getsockname()[1])
    completed = subprocess.run([*COMMANDS[command], "--output-format", "concise", "--select", "MCP202", "."],
                               capture_output=True, text=True, cwd=tree, timeout=120)
    assert completed.returncode == 1, completed.stderr
    assert completed.stdout.startswith(f"server.py:{SERVER_LINE}:12: MCP202 ")
    assert completed.stdout.count("\n") == 1
    assert not marker.exists()
    assert nothing_connected(listener)


def test_the_language_server_never_executes_either(tmp_path: Path, listener: socket.socket) -> None:
    from test_lsp_abuse import RawClient

    tree = tmp_path / "project"
    marker = plant(tree, listener.getsockname()[1])
    client = RawClient(tree)
    try:
        client.call("initialize", {"processId": None, "rootUri": tree.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        uri = (tree / "server.py").as_uri()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                                "text": SERVER}})
        lines = [d["range"]["start"]["line"] for d in client.diagnostics(uri) if d["code"] == "MCP202"]
        assert lines == [SERVER_LINE - 1]
    finally:
        client.close()
    assert not marker.exists()
    assert nothing_connected(listener)


# --------------------------------------------------------------------------- writes


def snapshot(tree: Path) -> dict[str, tuple[str, int, str]]:
    """Every entry under ``tree`` but the cache: kind, mode and content digest (or link target)."""
    found = {}
    for root, directories, files in os.walk(tree):
        directories[:] = [d for d in directories if d != ".mcplint_cache"]
        for name in directories + files:
            path = Path(root) / name
            relative = str(path.relative_to(tree))
            if path.is_symlink():
                found[relative] = ("link", 0, os.readlink(path))
            elif path.is_dir():
                found[relative] = ("dir", path.stat().st_mode, "")
            else:
                found[relative] = ("file", path.stat().st_mode, hashlib.sha256(path.read_bytes()).hexdigest())
    return found


@pytest.mark.parametrize(
    "flags",
    [[], ["--output-format", "json"], ["--statistics"], ["--show-files"], ["--diff"], ["--jobs", "2"]],
    ids=["default", "json", "statistics", "show-files", "diff", "jobs"],
)
def test_a_run_writes_nothing_outside_the_cache(tmp_path: Path, listener: socket.socket, flags: list[str]) -> None:
    tree = tmp_path / "project"
    plant(tree, listener.getsockname()[1])
    fixable = SERVER.replace('args["language"]', 'args.get("language", "python")')  # MCP101 offers fixes
    for index in range(4):
        (tree / f"server_{index}.py").write_text(fixable)
    (tree / "pyproject.toml").write_text('[tool.mcplint]\npreview = true\n')
    before = snapshot(tree)
    completed = subprocess.run([sys.executable, "-m", "mcplint", *flags, "."], capture_output=True, text=True,
                               cwd=tree, timeout=120)
    assert completed.returncode in (0, 1), completed.stderr
    assert snapshot(tree) == before
