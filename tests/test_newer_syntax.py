"""Syntax newer than the Python running mcplint is linted, not MCP000 (mcplint.syntax).

CI runs Python 3.11: the servers below use 3.12 syntax (PEP 695 type parameters and ``type``
statements, PEP 701 f-strings with nested quotes, comments and line breaks) and 3.13 syntax
(PEP 696 type-parameter defaults). libcst parses them on every Python; so must mcplint, with
the same findings at the same places, and positions, noqa lines, the incremental parser,
``--fix`` and cross-module reads working on them.
"""

from __future__ import annotations

import ast
import random
import sys

import libcst as cst
import pytest
from click.testing import CliRunner
from libcst.metadata import MetadataWrapper, PositionProvider

from mcplint.cli import cli
from mcplint.engine import lint_source
from mcplint.fixes import parses
from mcplint.incremental import IncrementalParser
from mcplint.model.module_info import walk
from mcplint.positions import PositionIndex
from mcplint.syntax import check_source, python_view

SERVER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("newer")

type Names = list[str]


def first[T](items: list[T]) -> T:
    return items[0]


class Box[T = str]:
    def __init__(self, value: T) -> None:
        self.value = value


PROMPTS = {
    "review": types.Prompt(name="review", arguments=[types.PromptArgument(name="code", required=True)]),
}


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return list(PROMPTS.values())


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name not in PROMPTS:
        raise ValueError(f"unknown prompt {name}")
    arguments = arguments or {}
    code = arguments.get("Code", "")
    label = f"{PROMPTS[name].arguments[0].name!r:>{10}} {arguments["code"]}"
    text = f"""Review {code}
for {label} and {first([1])}"""
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
'''

#: (code, line, column) of every finding in SERVER, whatever Python runs mcplint.
EXPECTED = [
    ("MCP201", 31, 8),
    ("MCP102", 33, 11),
    ("MCP202", 34, 57),
    ("MCP301", 34, 57),  # the raw mapping rendered with no check
]

NEWER = pytest.mark.skipif(sys.version_info >= (3, 12), reason="this Python parses 3.12 syntax itself")


def _found(text: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.start.line, d.span.start.column) for d in lint_source(text, "server.py")]


def test_the_server_uses_syntax_this_python_rejects_or_accepts():
    try:
        ast.parse(SERVER)
    except SyntaxError:
        assert sys.version_info < (3, 13)
    else:
        assert sys.version_info >= (3, 13)


def test_a_server_with_3_12_and_3_13_syntax_gets_its_findings_and_no_mcp000():
    assert _found(SERVER) == EXPECTED


def test_the_command_line_lints_it_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "server.py").write_text(SERVER)
    result = CliRunner().invoke(cli, ["check", "--no-cache", "--output-format", "concise", "server.py"])
    assert result.exit_code == 1
    assert [line.split(" ", 2)[:2] for line in result.stdout.splitlines()] == [
        [f"server.py:{line}:{column + 1}:", code] for code, line, column in EXPECTED]
    assert result.stderr == ("Found 4 errors.\n[*] 1 fixable with the `--fix` option "
                             "(2 hidden fixes can be enabled with the `--unsafe-fixes` option).\n")


@pytest.mark.parametrize("target", ["py310", "py311", "py312", "py313", "py314"])
def test_every_target_version_is_accepted_and_gives_the_same_findings(tmp_path, monkeypatch, target):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "server.py").write_text(SERVER)
    result = CliRunner().invoke(cli, ["check", "--no-cache", "-q", "--output-format", "concise",
                                      "--target-version", target, "server.py"])
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == len(EXPECTED) and "MCP000" not in result.stdout


def test_an_unknown_target_version_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "server.py").write_text(SERVER)
    result = CliRunner().invoke(cli, ["check", "--target-version", "py39", "server.py"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Invalid value for '--target-version': 'py39' is not one of 'py310', 'py311', 'py312', 'py313', " \
           "'py314'." in result.stderr


def test_target_version_in_the_config(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "server.py").write_text(SERVER)
    (tmp_path / "pyproject.toml").write_text('[tool.mcplint]\ntarget-version = "py312"\n')
    result = CliRunner().invoke(cli, ["check", "--no-cache", "-q", "--output-format", "concise", "server.py"])
    assert result.exit_code == 1 and len(result.stdout.splitlines()) == len(EXPECTED)
    (tmp_path / "pyproject.toml").write_text('[tool.mcplint]\ntarget-version = "3.12"\n')
    result = CliRunner().invoke(cli, ["check", "--no-cache", "server.py"])
    assert result.exit_code == 2
    assert result.stderr == (f"mcplint: error: {tmp_path / 'pyproject.toml'}:2: [tool.mcplint] key 'target-version': expected one of "
                             "py310, py311, py312, py313, py314, got '3.12'\n")


@pytest.mark.parametrize(("text", "line", "column"), [
    ("import mcp\ntype X[T = int] = \n", 2, 17),
    ("import mcp\ndef f[T](:\n    pass\n", 2, 9),
    ('import mcp\nx = f"{d["k"]}" +\n', 2, 17),
])
def test_a_real_syntax_error_next_to_newer_syntax_is_still_mcp000(text, line, column):
    [diagnostic] = lint_source(text, "server.py")
    assert diagnostic.code == "MCP000"
    assert diagnostic.span.start.line == line


def test_nesting_inside_a_rewritten_f_string_is_still_bounded():
    text = 'import mcp\ntype X = int\nx = f"{' + "(" * 300 + "1" + ")" * 300 + '}"\n'
    [diagnostic] = lint_source(text, "server.py")
    assert diagnostic.code == "MCP000"
    assert "nested" in diagnostic.message or "nests" in diagnostic.message


@NEWER
@pytest.mark.parametrize(("text", "view"), [
    ("type X = list[str]\n", "X      = list[str]\n"),
    ("type A[T=int] = list[T]\n", "A             = list[T]\n"),
    ("def f[T](x: T) -> T:\n    return x\n", "def f   (x: T) -> T:\n    return x\n"),
    ("class A[T: int = str](B):\n    pass\n", "class A              (B):\n    pass\n"),
    ("async def g[*Ts, **P]():\n    pass\n", "async def g          ():\n    pass\n"),
    ('x = f"{d["k"]}"\n', 'x = ( (d[( )]))\n'),
    ('x = f"a{x!r:>{w}} {y=} {{lit}} \\N{DASH}"\n', 'x = (  (x    (w)) (y )                 )\n'),
    ('x = f"{x\n+1}" "s"\n', 'x = ( (x\n+1)) ( )\n'),
    ('x = t"{a}"\n', 'x = ( (a))\n'),
    ("try:\n    pass\nexcept A, B:\n    pass\n", "try:\n    pass\nexcept A   :\n    pass\n"),
    ("def f[\n    T,\n](): pass\n", "def f\\\n     \\\n (): pass\n"),
])
def test_the_view_keeps_lines_and_columns(text, view):
    rewritten = python_view(text)
    assert rewritten is not None and rewritten.text == view
    assert [len(line) for line in view.splitlines()] == [len(line) for line in text.splitlines()]
    ast.parse(view)


@NEWER
def test_lines_inside_a_rewritten_multi_line_f_string_take_their_noqa_on_its_last_line():
    text = 'import mcp\ntype X = int\nx = f"""a\n{b}\nc"""\n'
    assert check_source(text).string_ends == {3: 5, 4: 5}


def test_positions_pair_with_the_view_without_the_whole_module_fallback():
    module = cst.parse_module(SERVER)
    checked = check_source(SERVER)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    index = PositionIndex(module, SERVER, checked.tree, checked.view)
    nodes = [node for statement in module.body for node in walk(statement)]
    index.prepare(reversed(nodes))
    for node in nodes:
        assert index.range(node) == expected[node], (type(node).__name__, module.code_for_node(node))
    assert index._whole is None


def _incremental(parser: IncrementalParser, text: str) -> cst.Module:
    checked = check_source(text)
    assert checked.failure is None
    return parser.parse(text, checked.tree)


def test_the_incremental_parser_splices_edits_of_such_a_file():
    parser = IncrementalParser()
    _incremental(parser, SERVER)
    edited = SERVER.replace('code = arguments.get("Code", "")', 'code = arguments.get("code", "")')
    module = _incremental(parser, edited)
    assert module.deep_equals(cst.parse_module(edited))
    assert parser.reparsed == len('    code = arguments.get("code", "")\n')
    edited2 = edited.replace("return items[0]", "return items[-1]")
    assert _incremental(parser, edited2).deep_equals(cst.parse_module(edited2))
    assert parser.reparsed == len("    return items[-1]\n")


def test_random_line_edits_of_such_a_file_match_a_full_parse():
    rng = random.Random(13)
    parser = IncrementalParser()
    text = SERVER
    _incremental(parser, text)
    lines = SERVER.splitlines(keepends=True)
    for _ in range(60):
        index = rng.randrange(len(lines))
        line = lines[index]
        if line.strip():
            position = rng.randrange(len(line.rstrip("\n")) + 1)
            line = line[:position] + rng.choice(["x", " ", "1", ""]) + line[position + 1:]
        candidate = "".join([*lines[:index], line, *lines[index + 1:]])
        if check_source(candidate).failure is not None:
            continue
        try:
            full = cst.parse_module(candidate)
        except cst.ParserSyntaxError:
            continue
        assert _incremental(parser, candidate).deep_equals(full)
        lines[index] = line


def test_fix_works_on_such_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "server.py").write_text(SERVER)
    result = CliRunner().invoke(cli, ["check", "--no-cache", "--fix", "--unsafe-fixes", "--select", "MCP102",
                                      "server.py"])
    fixed = (tmp_path / "server.py").read_text()
    assert fixed == SERVER.replace('arguments.get("Code", "")', 'arguments.get("code", "")')
    assert parses(fixed)
    assert result.stderr == "Found 1 error (1 fixed, 0 remaining).\n"
    assert result.exit_code == 0


def test_a_noqa_on_such_a_file_suppresses():
    text = SERVER.replace('arguments.get("Code", "")', 'arguments.get("Code", "")  # noqa: MCP102')
    assert _found(text) == [f for f in EXPECTED if f[0] != "MCP102"]


def test_a_project_module_with_newer_syntax_is_read_for_its_names(tmp_path):
    declarations, handler = SERVER.split("@server.list_prompts()")
    (tmp_path / "declarations.py").write_text(declarations)
    (tmp_path / "handlers.py").write_text(
        "import mcp.types as types\nfrom declarations import PROMPTS, server, first\n\n\n@server.list_prompts()" + handler)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    found = [(d.code, d.span.start.line) for d in lint_source((tmp_path / "handlers.py").read_bytes(),
                                                              tmp_path / "handlers.py")]
    assert ("MCP102", 33 - 18) in found and not any(code == "MCP000" for code, _ in found)


def test_a_named_file_without_mcp_code_is_linted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.py").write_text("x = (\n")
    (tmp_path / "fine.py").write_text("type X = int\nprint(f'{X!r}')\n")
    result = CliRunner().invoke(cli, ["check", "--no-cache", "--output-format", "concise", "broken.py", "fine.py"])
    assert result.exit_code == 1
    assert result.stdout == f"broken.py:1:5: MCP000 SyntaxError: '(' was never closed\n"
    result = CliRunner().invoke(cli, ["check", "--no-cache", "--output-format", "concise", "."])
    assert (result.exit_code, result.stdout) == (0, "")  # found in a folder: the prefilter settles them


def test_a_named_file_is_linted_on_a_warm_cache_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.py").write_text("x = (\n")
    for _ in range(2):  # the second run reads the prefilter index and the cache
        assert CliRunner().invoke(cli, ["check", "--output-format", "concise", "."]).stdout == ""
        result = CliRunner().invoke(cli, ["check", "--output-format", "concise", "broken.py"])
        assert (result.exit_code, result.stdout) == (1, "broken.py:1:5: MCP000 SyntaxError: '(' was never closed\n")


# A simple statement after a compound statement's header on the same line is a statement of
# its own; a field's `:=` is its `:` then a spec starting with `=`; a string on a `case` line
# after the pattern is no pattern string. All valid 3.12 (checked with CPython 3.12.1).
@pytest.mark.parametrize("tail", [
    "if True: type X = int\n",
    "class C: type X = int\n",
    "for i in []: type X[T] = list[T]; type Z = X\n",
    "while lambda: 0: type X = int\n",
    "match v:\n    case 1: type X = int\n",
    "match v:\n    case 1 if (lambda: 1)(): s = f\"{v}\" \"y\"\n",
    "match v:\n    case {\"k\": 1}: s = f\"{v}\" \"y\"\n",
    "print(f\"{1:=^10}\", f\"{1!r:=>{2}} {\"nested\"}\")\n",
    "y = f\"{1:{2:{3}}}\"\n",  # a spec three deep: 3.11 refuses it, 3.12+ accept it
    "y = f\"\\{6}\" f\"a\\\\{6}\" f\"{1!r }\"\n",  # a backslash then a field (3.12+ warn); a blank after !r
])
def test_valid_newer_syntax_after_a_colon_keeps_its_findings_and_no_mcp000(tail):
    assert _found(SERVER + tail) == EXPECTED


@NEWER
@pytest.mark.parametrize(("text", "view"), [
    ("if a: type X = int\n", "if a: X      = int\n"),
    ('x = f"{y:=^10}"\n', "x = ( (y     ))\n"),
    ('match v:\n    case 1: s = f"{v}" "y"\n', "match v:\n    case 1: s = ( (v)) ( )\n"),
])
def test_the_view_of_a_statement_after_a_header(text, view):
    assert python_view(text).text == view


# An annotation is no header: `type X` there is no type statement, and the text stays refused.
@pytest.mark.parametrize("text", ["x: type X = int\n", "case: type X = int\n"])
def test_type_after_a_colon_that_ends_no_header_is_still_mcp000(text):
    assert check_source(text).failure[:2] == (1, 8 if text[0] == "x" else 11)


# Errors every CPython 3.12+ reports that the view would hide or misplace: (line, column
# 0-based, message) as CPython 3.12.1 reports them.
@pytest.mark.parametrize(("line", "failure"), [
    ('x = f"{x:{y:{z:{w}}}}"', (2, 14, "f-string: expressions nested too deeply")),
    ('x = "\\N{nope}"', (2, 4, "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-7: "
                               "unknown Unicode character name")),
    ('x = f"\\N{nope}"', (2, 14, "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-7: "
                                "unknown Unicode character name")),
    ('x = f"a{1}\\x4"', (2, 13, "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: "
                               "truncated \\xXX escape")),
    ('x = f"\u00e9\\x4"', (2, 10, "(unicode error) 'unicodeescape' codec can't decode bytes in position 10-12: "
                                 "truncated \\xXX escape")),
    ('x = f"\\x{6}"', (2, 11, "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: "
                           "truncated \\xXX escape")),
    ('x = f"{x!}"', (2, 9, "f-string: missing conversion character")),
    ('x = f"{x! r}"', (2, 8, "f-string: conversion type must come right after the exclamanation mark")),
    ('x = f"{x!z}"', (2, 9, "f-string: invalid conversion character 'z': expected 's', 'r', or 'a'")),
    ('x = f"a}b"', (2, 7, "f-string: single '}' is not allowed")),
    ('x = f"{1}}"', (2, 9, "f-string: single '}' is not allowed")),
])
def test_an_error_the_view_hides_is_reported_where_cpython_reports_it(line, failure):
    text = "type A = int\n" + line + "\n"
    assert check_source(text).failure == failure
    [diagnostic] = lint_source("import mcp\n" + text, "server.py")
    assert (diagnostic.code, diagnostic.span.start.line, diagnostic.span.start.column) == ("MCP000", 3, failure[1])
    assert diagnostic.message == f"SyntaxError: {failure[2]}"


def test_the_command_line_reports_a_hidden_error_with_its_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "server.py").write_text('import mcp\ny = f"a}b"\n')
    result = CliRunner().invoke(cli, ["check", "--no-cache", "--output-format", "concise", "server.py"])
    assert (result.exit_code, result.stdout) == (1, "server.py:2:8: MCP000 SyntaxError: f-string: single '}' is not allowed\n")


def test_a_comment_and_a_line_break_after_a_fields_equals_sign_are_valid_3_12():
    assert check_source('type A = int\nx = f"{1+2 = # why\n  }"\n').failure is None
