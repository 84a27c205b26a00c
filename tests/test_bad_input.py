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
