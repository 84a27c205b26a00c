"""Bad input gets a clear diagnostic or message, and nothing else is lost."""

from __future__ import annotations

from pathlib import Path

from mcplint.engine import lint_source
from mcplint.runner import lint_paths

from servers import ONE_FINDING

SERVER = ONE_FINDING.encode()


def test_syntax_error_is_mcp000_at_its_line() -> None:
    [diagnostic] = lint_source("import mcp\n\ndef broken(:\n    pass\n", "bad.py")
    assert (diagnostic.code, diagnostic.span.start.line) == ("MCP000", 3)


def test_nesting_beyond_cpython_is_mcp000_without_reaching_libcst() -> None:
    source = "import mcp\nx = " + "(" * 5000 + "1" + ")" * 5000 + "\n"
    [diagnostic] = lint_source(source, "deep.py")
    assert diagnostic.code == "MCP000"
    assert "nest" in diagnostic.message.lower() or "parenthes" in diagnostic.message.lower()


def test_undecodable_file_is_reported_with_its_line() -> None:
    [diagnostic] = lint_source(b"import mcp\nx = '\xff\xfe'\n", "latin.py")
    assert diagnostic.code == "MCP000"
    assert diagnostic.span.start.line == 2
    assert "utf-8" in diagnostic.message.lower()


def test_latin1_coding_cookie_is_honoured() -> None:
    source = b"# -*- coding: latin-1 -*-\nimport mcp\nname = '\xe9'\n"
    assert lint_source(source, "cookie.py") == []


def test_other_files_are_still_linted_and_missing_path_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_bytes(b"import mcp\ndef (:\n")
    (tmp_path / "server.py").write_bytes(SERVER)
    result = lint_paths([tmp_path, tmp_path / "nope"])
    codes = sorted((Path(d.path).name, d.code) for d in result.diagnostics)
    assert codes == [("broken.py", "MCP000"), ("server.py", "MCP202")]
    assert result.errors == [f"{tmp_path / 'nope'}: No such file or directory"]


def test_a_lone_surrogate_in_a_declared_name_is_printed_escaped_not_a_crash(tmp_path) -> None:
    import os
    import subprocess
    import sys

    server = tmp_path / "server.py"
    server.write_text(
        "import mcp.types as types\nfrom mcp.server.lowlevel import Server\n\nserver = Server('x')\n\n\n"
        "@server.list_prompts()\nasync def list_prompts() -> list[types.Prompt]:\n"
        "    return [types.Prompt(name='p', arguments=[types.PromptArgument(name='a\\ud800', required=True)])]\n\n\n"
        "@server.get_prompt()\nasync def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:\n"
        "    return types.GetPromptResult(messages=[])\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mcplint", "check", "-n", "--output-format", "concise",
                             "--select", "MCP103", str(server)], capture_output=True, text=True,
                            env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert (result.returncode, result.stdout) == (
        1, f"{server}:9:47: MCP103 Argument 'a\\ud800' is declared for prompt 'p' but never read: "
           "the caller's value is dropped\n")


def test_a_python_2_print_is_cpythons_error_at_its_place() -> None:
    # A string after a name is an error in every Python; the view (strings rewritten on
    # Python < 3.12) must not turn `print "mcp"` into the call `print (   )`.
    [diagnostic] = lint_source('import mcp\nprint "mcp"\n', "py2.py")
    assert (diagnostic.code, diagnostic.span.start.line, diagnostic.span.start.column) == ("MCP000", 2, 0)
    assert diagnostic.message == "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?"


def test_an_f_string_after_a_name_is_reported_where_the_statement_is() -> None:
    [diagnostic] = lint_source('import mcp\nx = f"{d["k"]}"\nprint f"{x}"\n', "py2.py")
    assert (diagnostic.span.start.line, diagnostic.span.start.column) == (3, 0)
    assert diagnostic.message == "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?"


def test_nesting_beyond_cpython_is_reported_on_the_line_that_nests() -> None:
    source = "import mcp\n\ndef f():\n    x = (1 +\n    " + "-" * 5000 + "1)\n    return x\n"
    [diagnostic] = lint_source(source, "deep.py")
    assert (diagnostic.span.start.line, diagnostic.message) == (5, "SyntaxError: expression nests deeper than CPython accepts")


def test_the_contract_names_an_unparsable_file_as_check_does(tmp_path: Path, monkeypatch) -> None:
    from click.testing import CliRunner

    from mcplint.cli import cli

    (tmp_path / "broken.py").write_text("import mcp\n\n\ndef f(x: str) -> str\n    return x\n")
    (tmp_path / "py2.py").write_text('import mcp\nprint "mcp"\n')
    (tmp_path / "server.py").write_bytes(SERVER)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["contract", "."])
    assert result.exit_code == 2
    assert result.stderr == ("mcplint: error: broken.py:4:21: SyntaxError: expected ':'\n"
                             "mcplint: error: py2.py:2:1: SyntaxError: Missing parentheses in call to 'print'. "
                             "Did you mean print(...)?\n")
    assert "Traceback" not in result.output and '"file": "server.py"' in result.stdout
