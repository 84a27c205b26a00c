"""The registration and completion models behind MCP403-405, MCP501-502 and MCP601."""

from __future__ import annotations

import libcst as cst

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.model import build_model
from mcplint.model.completions import Unbounded, values_sites
from mcplint.model.registrations import module_info, prompt_arguments, registrations

SERVER = '''\
from mcp.server.fastmcp import FastMCP
from mcp.types import Completion

mcp = FastMCP("repos")


@mcp.prompt()
def triage(repo: str) -> str:
    return repo


@mcp.completion()
async def complete(ref, argument, context):
    if argument.name == "branch":
        return Completion(values=VALUES)
    return None
'''


def _model(source: str, path: str = "server.py"):
    return build_model(cst.parse_module(source), path)


def test_prompt_arguments_of_decorated_prompts() -> None:
    model = _model(SERVER.replace("VALUES", "[]"))
    assert prompt_arguments(model, model.servers[0]) == {"triage": {"repo"}}


def test_prompt_added_by_another_module_makes_the_list_unknown(tmp_path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    server = tmp_path / "pkg" / "server.py"
    server.write_text(SERVER.replace("VALUES", "[]"))
    (tmp_path / "pkg" / "extra.py").write_text("from pkg.server import mcp\n\n\n@mcp.prompt()\ndef branch(branch: str) -> str:\n    return branch\n")
    settings = Settings(select=("MCP501",))
    assert [d.code for d in lint_source(server.read_text(), str(server), settings)] == []
    (tmp_path / "pkg" / "extra.py").write_text("X = 1\n")
    assert [d.code for d in lint_source(server.read_text(), str(server), settings)] == ["MCP501"]


def test_a_relative_path_inside_a_package_ends_the_sibling_search(tmp_path, monkeypatch) -> None:
    # The parent chain of a relative path ends in "." forever: the search once never ended.
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "server.py").write_text(SERVER.replace("VALUES", "[]"))
    (tmp_path / "extra.py").write_text("from server import mcp\n\n\n@mcp.prompt()\ndef branch(branch: str) -> str:\n    return branch\n")
    monkeypatch.chdir(tmp_path)
    settings = Settings(select=("MCP501",))
    assert [d.code for d in lint_source((tmp_path / "server.py").read_text(), "server.py", settings)] == []


def test_values_size_follows_locals_and_caps() -> None:
    body = "names = sorted(os.listdir('/tmp'))\n        names = names[:40]\n        return Completion(values=names)"
    source = "import os\n" + SERVER.replace("return Completion(values=VALUES)", body)
    model = _model(source)
    [site] = values_sites(registrations(model).completions[0], module_info(model))
    assert site.size == 40


def test_values_from_a_listing_are_unbounded() -> None:
    model = _model("import os\n" + SERVER.replace("VALUES", "[f for f in os.listdir('/tmp')]"))
    [site] = values_sites(registrations(model).completions[0], module_info(model))
    assert site.size == Unbounded("os.listdir()")
