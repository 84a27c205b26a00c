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
