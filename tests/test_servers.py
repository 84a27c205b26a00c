"""Where servers are made and registered (mcplint.model.servers), beyond the rule fixtures."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.runner import lint_paths


def test_a_module_registering_on_an_imported_server_is_linted_without_the_word(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pkg'\n")
    (package / "__init__.py").write_text("")
    (package / "app.py").write_text("from fastmcp import FastMCP\n\nserver = FastMCP('x')\n")
    (package / "prompts.py").write_text(
        "from .app import server\n\n\n@server.prompt()\ndef greet(who: str) -> str:\n"
        "    who = who or 'world'\n    return who\n"
    )
    result = lint_paths([tmp_path], Settings())
    assert [(Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics] == [("prompts.py", 6, "MCP101")]


def test_a_handler_registered_on_two_servers_is_reported_once() -> None:
    source = (
        "import mcp.types as types\n"
        "from mcp.server import Server\n"
        "\n"
        "async def list_prompts(ctx, params):\n"
        "    return types.ListPromptsResult(prompts=[types.Prompt(name='p')])\n"
        "\n"
        "async def get_prompt(ctx, params):\n"
        "    if params.name != 'p':\n"
        "        raise ValueError(params.name)\n"
        "    return types.GetPromptResult(messages=[])\n"
        "\n"
        "a = Server('a', on_list_prompts=list_prompts, on_get_prompt=get_prompt)\n"
        "b = Server('b', on_list_prompts=list_prompts, on_get_prompt=get_prompt)\n"
    )
    found = [(d.span.start.line, d.code) for d in lint_source(source, "two.py", Settings(preview=True))]
    assert found == [(9, "MCP201")]


def test_a_server_name_rebound_is_not_followed() -> None:
    source = (
        "from mcp.server.fastmcp import FastMCP\n"
        "server = FastMCP('a')\n"
        "server = FastMCP('b')\n"
        "\n"
        "@server.prompt(name='greet')\n"
        "def first(who: str) -> str:\n"
        "    return who\n"
        "\n"
        "@server.prompt(name='greet')\n"
        "def second(who: str) -> str:\n"
        "    return who\n"
    )
    assert lint_source(source, "rebound.py", Settings(preview=True)) == []


def test_a_server_reached_through_a_dotted_module_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pkg'\n")
    (package / "__init__.py").write_text("")
    (package / "app.py").write_text("from fastmcp import FastMCP\n\nmcp = FastMCP('x')\n")
    (package / "reg.py").write_text(
        "import pkg.app\n\n\n@pkg.app.mcp.prompt()\ndef two(who: str) -> str:\n    who = who or 'x'\n    return who\n"
    )
    result = lint_paths([tmp_path], Settings())
    assert [(Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics] == [("reg.py", 6, "MCP101")]
