"""mcplint.incremental: a spliced parse is the full parse, and it re-parses only what changed."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import libcst as cst
import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.incremental import IncrementalParser

FIXTURES = sorted((Path(__file__).parent / "fixtures").rglob("*.py"))
SERVER = """\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("demo")


def helper(text):
    return text.strip()


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None):
    args = arguments or {}
    if name == "review":
        return args["code"]
    raise ValueError(name)


def tail():
    return 1
"""


def _parse(parser: IncrementalParser, text: str) -> cst.Module:
    return parser.parse(text, ast.parse(text))


def _edit_server(edited: str) -> tuple[cst.Module, IncrementalParser]:
    """Parse ``SERVER``, then ``edited`` with the same parser; the module must be the full parse's."""
    parser = IncrementalParser()
    _parse(parser, SERVER)
    module = _parse(parser, edited)
    assert module.deep_equals(cst.parse_module(edited))
    return module, parser


def test_an_edit_inside_one_function_reparses_only_that_function():
    _, parser = _edit_server(SERVER.replace("return text.strip()", "return text.strip().lower()"))
    assert parser.reparsed == len("def helper(text):\n    return text.strip().lower()\n") + 2  # + its 2 blank lines


def test_unchanged_statements_are_the_same_objects():
    parser = IncrementalParser()
    before = _parse(parser, SERVER)
    after = _parse(parser, SERVER.replace("return 1", "return 2"))
    assert [a is b for a, b in zip(before.body, after.body)] == [True] * 5 + [False]


@pytest.mark.parametrize("edited", [
    "# a new first line\n" + SERVER,  # the module's leading comments: libcst's header
    SERVER.replace("def helper(text):", "def helper(text):\n  x = 1\n  if x:\n      pass\n").replace(
        "    return text.strip()", "  return text.strip()"),  # the first indented block sets default_indent
])
def test_edits_that_change_module_level_facts_parse_the_whole_file(edited):
    _, parser = _edit_server(edited)
    assert parser.reparsed == len(edited)


def test_code_inside_a_new_string_stays_a_string():
    module, parser = _edit_server(SERVER.replace('return 1\n', 'return """1\n\ndef more():\n    pass\n"""\n'))
    assert [type(s).__name__ for s in module.body[-2:]] == ["FunctionDef", "FunctionDef"]
    assert parser.reparsed < len(SERVER) // 4


def test_text_libcst_rejects_raises_its_error():
    parser = IncrementalParser()
    _parse(parser, SERVER)
    with pytest.raises(cst.ParserSyntaxError):
        parser.parse("def broken(:\n", ast.parse("x = 1\n"))  # libcst's error, as from a full parse


def test_random_edits_of_every_fixture_match_a_full_parse():
    rng = random.Random(7)
    snippets = ["x", "\n", "    ", "(", ")", '"', "# c\n", "def g():\n    pass\n", "\n\n", ":", "\t", "@d\n", ""]
    spliced = compared = 0
    for path in FIXTURES:
        text = path.read_text(encoding="utf-8")
        parser = IncrementalParser()
        _parse(parser, text)
        for _ in range(15):
            start = rng.randrange(len(text) + 1)
            end = min(len(text), start + rng.choice([0, 1, 5, 30]))
            new = text[:start] + rng.choice(snippets) + text[end:]
            try:
                tree = ast.parse(new)
                full = cst.parse_module(new)
            except (SyntaxError, cst.ParserSyntaxError, ValueError):
                continue  # the engine reports MCP000 before parsing
            module = parser.parse(new, tree)
            assert module.deep_equals(full) and module.code == full.code, (path, start, end)
            compared += 1
            spliced += parser.reparsed < len(new)
            text = new
    assert compared > 350
    assert spliced > compared // 3  # most edits stay inside a statement


def test_lint_source_gives_the_same_diagnostics_with_a_parser():
    path = next(p for p in FIXTURES if p.parent.name == "MCP202")
    text = path.read_text(encoding="utf-8")
    parser = IncrementalParser()
    settings = Settings()
    for version in range(4):
        text = text + f"\n\ndef added_{version}():\n    return {version}\n"
        assert lint_source(text, str(path), settings, parser=parser) == lint_source(text, str(path), settings)
    assert parser.reparsed < len(text) // 2


@pytest.mark.parametrize(("before", "after"), [
    # An indented blank or comment line below a block: libcst makes it (and the blank lines
    # before it) the footer of the block above, not leading lines of the next statement.
    ("class A:\n    pass\n\n\nx = 1\n", "class A:\n    pass\n\n    \nx = 1\n"),
    ("def f():\n    return 1\n\nx = 1\n", "def f():\n    return 1\n    # later\nx = 1\n"),
    # The edited statement now ends in a block, and the next one's indented comment joins it.
    ("x = 1\n    # c\ny = 2\n", "def f():\n    pass\n    # c\ny = 2\n"),
    # A match's case indentation is relative to the file's default indent, like a block's.
    ("def f():\n  return 1\nmatch m:\n    case 1:\n        pass\n",
     "def f():\n  return 1\nmatch m:\n    case 1:\n      pass\n"),
    # libcst dropped the line that is only a backslash from the first parse: its offsets mislead.
    ("s = 1\n\\\ndef f():\n    return 1\n", "s = 1\n\\\n  # c\ndef f():\n    return 1\n"),
    ("s = 1\n\\\nwhile x:\n    pass\n", "s = 1\n\\\n\nwhile x:\n    pass\n"),
])
def test_edits_near_block_footers_and_lost_text_match_a_full_parse(before, after):
    parser = IncrementalParser()
    _parse(parser, before)
    module = _parse(parser, after)
    full = cst.parse_module(after)
    assert module.deep_equals(full)
    assert module.code == full.code


def test_a_piece_libcst_parses_only_by_dropping_a_backslash_line_raises_like_a_full_parse():
    before = "def g():\n    return 1\n\n\n@d\ndef f():\n    pass\n"
    after = "def g():\n    return 1\n\n\\\n@d\ndef f():\n    pass\n"  # parses alone as "@d\ndef f()..."
    parser = IncrementalParser()
    _parse(parser, before)
    with pytest.raises(cst.ParserSyntaxError):
        cst.parse_module(after)
    with pytest.raises(cst.ParserSyntaxError):
        _parse(parser, after)
