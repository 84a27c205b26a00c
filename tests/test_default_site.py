"""MCP101 at the default when it is written apart from the read (a parameter default that
``f(**arguments)`` fills, a model field default, a ``functools.partial`` keyword): the finding
is placed there, once per prompt that reaches it, a ``# noqa: MCP101`` there silences it, and
the read that applies it is a related location."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.runner import lint_paths

SERVER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

from pkg.models import Brief
from pkg.render import outline

PROMPTS = [types.Prompt(name=n, arguments=[types.PromptArgument(name="topic", required=True),
                                           types.PromptArgument(name="tone", required=True)])
           for n in ("outline", "summary", "brief")]
server = Server("shared-defaults")


def reply(text):
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])


@server.list_prompts()
async def list_prompts():
    return PROMPTS


@server.get_prompt()
async def get_prompt(name, arguments):
    args = arguments or {}
    if name == "outline":
        first = outline(**args)
        return reply(first + outline(**args))
    if name == "summary":
        return reply(outline(**args))
    if name == "brief":
        return reply(Brief(**args).text())
    raise ValueError(name)
'''

RENDER = '''\
def outline(topic="", tone="neutral"):{noqa}
    return f"Outline {{topic}} in a {{tone}} tone"
'''

MODELS = '''\
from dataclasses import dataclass


@dataclass
class Brief:
    topic: str
    tone: str = "plain"{noqa}

    def text(self):
        return f"{{self.topic}} ({{self.tone}})"
'''


def _project(tmp_path: Path, render_noqa: str = "", models_noqa: str = "") -> Path:
    package = tmp_path / "pkg"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["mcp==1.26.0"]\n')
    (package / "__init__.py").write_text("")
    (package / "server.py").write_text(SERVER)
    (package / "render.py").write_text(RENDER.format(noqa=render_noqa))
    (package / "models.py").write_text(MODELS.format(noqa=models_noqa))
    return tmp_path


def _found(root: Path, *paths: str) -> list[tuple[str, int, str, str]]:
    result = lint_paths([root / p for p in paths] if paths else [root], Settings(select=("MCP001", "MCP101")))
    return sorted((Path(d.path).name, d.span.start.line, d.code, *d.message.split("'")[1:4:2])
                  for d in result.diagnostics)


def test_a_default_two_prompts_share_is_one_finding_per_prompt_at_the_default(tmp_path: Path) -> None:
    # outline's two defaults stand in for the required topic and tone of both prompts that
    # splat into it; the outline prompt reaches them twice and is reported once.
    root = _project(tmp_path)
    assert _found(root) == [
        ("models.py", 7, "MCP101", "tone", "brief"),
        ("render.py", 1, "MCP101", "tone", "outline"), ("render.py", 1, "MCP101", "tone", "summary"),
        ("render.py", 1, "MCP101", "topic", "outline"), ("render.py", 1, "MCP101", "topic", "summary"),
    ]


def test_each_finding_names_the_read_that_applies_the_default(tmp_path: Path) -> None:
    result = lint_paths([_project(tmp_path)], Settings(select=("MCP101",)))
    related = {(Path(d.path).name, d.message.split("'")[1], d.message.split("'")[3]):
               [(Path(r.path).name, r.span.start.line) for r in d.related] for d in result.diagnostics}
    assert related[("models.py", "tone", "brief")] == [("server.py", 8), ("server.py", 31)]
    assert related[("render.py", "tone", "summary")] == [("server.py", 8), ("server.py", 29)]
    # the first of the two reads in the outline branch
    assert related[("render.py", "tone", "outline")] == [("server.py", 8), ("server.py", 26)]


@pytest.mark.parametrize("paths", [(), ("pkg/server.py", "pkg/render.py", "pkg/models.py")])
def test_a_noqa_at_the_default_silences_it_and_is_used(tmp_path: Path, paths: tuple[str, ...]) -> None:
    root = _project(tmp_path, render_noqa="  # noqa: MCP101", models_noqa="  # noqa: MCP101")
    assert _found(root, *paths) == []


def test_a_noqa_at_the_default_is_used_when_its_module_is_linted_alone(tmp_path: Path) -> None:
    root = _project(tmp_path, models_noqa="  # noqa: MCP101")
    assert _found(root, "pkg/models.py") == []


def test_a_noqa_left_at_the_read_suppresses_nothing(tmp_path: Path) -> None:
    root = _project(tmp_path)
    server = root / "pkg" / "server.py"
    server.write_text(server.read_text().replace("Brief(**args).text())", "Brief(**args).text())  # noqa: MCP101"))
    found = _found(root, "pkg/server.py", "pkg/models.py")
    assert [f for f in found if f[0] != "render.py"] == [
        ("models.py", 7, "MCP101", "tone", "brief"), ("server.py", 31, "MCP001")]
