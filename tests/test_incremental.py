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


def test_an_edit_inside_a_function_body_reparses_only_that_statement():
    _, parser = _edit_server(SERVER.replace("return text.strip()", "return text.strip().lower()"))
    assert parser.reparsed == len("    return text.strip().lower()\n")


def test_an_edit_of_a_def_line_reparses_that_function():
    _, parser = _edit_server(SERVER.replace("def helper(text):", "def helper(text, more):"))
    assert parser.reparsed == len("def helper(text, more):\n    return text.strip()\n") + 2  # + its 2 blank lines


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


# A random edit can turn "\n" into "\ ": CPython warns about the escape while parsing the
# edited text, which is expected here.
@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::SyntaxWarning")
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


# -- splices inside indented blocks --------------------------------------------------------------

NESTED = '''\
import logging


class Store:
    """Keeps values."""

    def get(self, key):
        if key in self.data:
            value = self.data[key]
            logging.info("hit %s", value)
            return value
        elif key.startswith("tmp"):
            return self.scratch
        else:
            return None

    @property
    def size(self):
        try:
            count = len(self.data)
        except KeyError:
            count = 0
        finally:
            self.checked = True
        return count


def handler(name, arguments):
    args = arguments or {}
    for item in args:
        if item: total = 1
    match name:
        case "a":
            return args["a"]
        case _:
            pass

    def inner(value):
        return value * 2
    return inner(args)
'''


def _edit(before: str, after: str) -> IncrementalParser:
    """Parse ``before``, then ``after`` with the same parser; the module must be the full parse's."""
    parser = IncrementalParser()
    _parse(parser, before)
    module = _parse(parser, after)
    full = cst.parse_module(after)
    assert module.deep_equals(full)
    assert module.code == after
    return parser


def _line_with(text: str, part: str) -> str:
    """The whole line of ``text`` (with its line break) holding ``part``."""
    start = text.index(part)
    return text[text.rindex("\n", 0, start) + 1:text.index("\n", start) + 1]


@pytest.mark.parametrize(("old", "new"), [
    ("value = self.data[key]", "value = self.data.get(key)"),  # the first statement of a block
    ('logging.info("hit %s", value)', 'logging.info("hit %s", key)'),  # a middle one
    ("            return value", "            return value or None"),  # the last one
    ("return self.scratch", "return self.scratch.copy()"),  # an elif body
    ("return None\n", "return 0\n"),  # an else body
    ("count = 0", "count = -1"),  # an except handler's body
    ("self.checked = True", "self.checked = False"),  # a finally body
    ('return args["a"]', 'return args.get("a")'),  # a match case's body
    ("return value * 2", "return value * 3"),  # a function nested in a function
    ("if item: total = 1", "if item: total = 2"),  # a one-line suite: its whole statement
    ("args = arguments or {}", "args = dict(arguments or {})"),  # a function's first statement
])
def test_an_edit_inside_a_block_reparses_only_the_statement_it_touched(old, new):
    after = NESTED.replace(old, new, 1)
    parser = _edit(NESTED, after)
    assert parser.reparsed == len(_line_with(after, new))


def test_a_nested_splice_keeps_the_untouched_statements_around_it():
    parser = IncrementalParser()
    before = _parse(parser, NESTED)
    after = _parse(parser, NESTED.replace("count = 0", "count = -1"))
    store_before, store_after = before.body[1].body.body, after.body[1].body.body
    assert [a is b for a, b in zip(store_before, store_after)] == [True, True, False]  # docstring, get, size
    size_before, size_after = store_before[2].body.body, store_after[2].body.body
    assert [a is b for a, b in zip(size_before, size_after)] == [False, True]  # the try, return count
    assert after.body[2] is before.body[2]  # handler


@pytest.mark.parametrize(("old", "new", "reparsed"), [
    # A decorator line belongs to the method: the statement parsed again is the decorated
    # method, with its leading blank line (217 characters from that line to "return count").
    ("    @property\n", "    @functools.cached_property\n", 217),
    # A line added between statements: the text shared with the old version runs into the
    # next line's indentation, so the edit lies in the next statement, parsed with it.
    ("            value = self.data[key]\n", "            value = self.data[key]\n            value += 1\n",
     len('            value += 1\n            logging.info("hit %s", value)\n')),
    # A line started below a block's last statement: indented, it is the block's footer.
    ("        return count\n", "        return count\n        \n", len("        return count\n        \n")),
    ("        return count\n", "        return count\n        # done\n", len("        return count\n        # done\n")),
    # A comment line before a statement leads it: the piece is the comment and the statement.
    ("        return count\n", "        # the total\n        return count\n",
     len("        # the total\n        return count\n")),
])
def test_lines_added_inside_a_block_reparse_only_their_statements(old, new, reparsed):
    after = NESTED.replace(old, new, 1)
    parser = _edit(NESTED, after)
    assert parser.reparsed == reparsed


@pytest.mark.parametrize(("old", "new"), [
    # Indentation changes: a statement leaves its block, joins the block above, a whole
    # block's indentation changes.
    ("        return count\n", "    total = count\n"),
    ("        return count\n", "            return count\n"),
    ('            value = self.data[key]\n            logging.info("hit %s", value)\n            return value\n',
     '          value = self.data[key]\n          logging.info("hit %s", value)\n          return value\n'),
    # Blocks added and removed.
    ("            return value\n", "            if value:\n                return value\n"),
    ("        if key in self.data:\n            value = self.data[key]\n",
     "        value = self.data[key]\n        if 1:\n"),
    ("    for item in args:\n        if item: total = 1\n", ""),
    ("            pass\n", "            pass\n        case 1:\n            pass\n"),
    # Comment lines at a block's end: libcst gives indented ones to the block's footer.
    ("            return value\n", "            return value\n            # end of the if\n"),
    ("            return value\n", "            return value\n                # deeper\n"),
    ("            return value\n", "            return value\n        # before the elif\n"),
    ("        return count\n", "        return count\n    # end of the class\n"),
    ("        return count\n", "        return count\n        # end of size\n"),
    ("            count = 0\n", "            count = 0\n\n            # footer of except\n"),
    ("            total = 1", "            total = 1\n            # after\n"),
    ("        if item: total = 1\n", "        if item:\n            total = 1\n            # c\n"),
    ("    return inner(args)\n", "    return inner(args)\n        # deeper at the end\n"),
    # Multi-line strings, brackets and backslashes inside a block.
    ('            return self.scratch\n', '            return """a\n\n    b"""\n'),
    ("            return self.scratch\n        else:\n            return None\n",
     '            return """\n        else:\n            """\n'),  # a string swallows an else
    ('            return self.scratch\n', '            return (1,\n  2,\n        3)\n'),
    ("            return self.scratch\n        else:\n            return None\n",
     "            return (\n        else_\n            )\n"),  # brackets swallow an else
    ("            count = 0\n", "            count = 1 + \\\n                2\n"),
    ("            count = 0\n", "            count = \\\n0\n"),
    # libcst drops the line that is only a backslash.
    ("            count = 0\n", "            count = 0\n            \\\n            count += 1\n"),
    # Decorators of nested functions, and a nested function added.
    ("    def inner(value):\n", "    @wraps(f)\n    def inner(value):\n"),
    ("            self.checked = True\n", "            @cache\n            def again():\n                pass\n"),
    # Line breaks: a lone carriage return, and an edit that joins two lines.
    ("            count = 0\n", "            count = 0\r"),
    ("            value = self.data[key]\n            logging", "            value = self.data[key]; logging"),
])
def test_edits_at_block_boundaries_match_a_full_parse(old, new):
    after = NESTED.replace(old, new, 1)
    parser = IncrementalParser()
    _parse(parser, NESTED)
    module = _parse(parser, after)
    full = cst.parse_module(after)
    assert module.deep_equals(full)
    assert module.code == full.code


@pytest.mark.parametrize(("before", "after"), [
    # The file's first line ends with "\r" (inside a string), so libcst's default line break is
    # "\r": a wrapper header's "\r" must not take in the piece's leading "\n".
    ('"""a\rb"""\ndef f():\n    if x:\n        y = 1\n', '"""a\rb"""\ndef f():\n    if x:\n\n        y = 1\n'),
    # A "\n" typed after a statement's "\r" makes one "\r\n": the statement above changes.
    ("def f():\n    x = 1\r    y = 2\n    z = 3\n", "def f():\n    x = 1\r\n    y = 2\n    z = 3\n"),
    ("x = 1\ry = 2\nz = 3\n", "x = 1\r\ny = 2\nz = 3\n"),
    # The piece ends the file, which now ends with "\r": libcst's has_trailing_newline changes.
    ("def f():\n    return 1\n", "def f():\n    return 2\r"),
    ("def f():\n    return 1\n", "def f():\n    return 2"),
])
def test_line_breaks_at_the_ends_of_a_piece_match_a_full_parse(before, after):
    parser = IncrementalParser()
    _parse(parser, before)
    module = _parse(parser, after)
    full = cst.parse_module(after)
    assert module.deep_equals(full)
    assert module.code == full.code  # libcst drops a final "\r"


def test_an_edit_of_the_last_statement_of_a_crlf_file_with_trailing_comments_reparses_only_it():
    before = "x = 1\r\ndef f():\r\n    return 1\r\n# end\r\n"
    parser = _edit(before, before.replace("def f", "def g"))
    assert parser.reparsed == len("def g():\r\n    return 1\r\n# end\r\n")  # the statement and the footer


@pytest.mark.parametrize("convert", [
    lambda text: text.replace("\n", "\r\n"),
    lambda text: text.replace("    ", "\t"),
    lambda text: text.replace("    ", "  "),
    lambda text: text.replace("        ", "    \t"),  # a tab after spaces
])
def test_edits_inside_blocks_with_other_line_breaks_and_indentation(convert):
    text = NESTED
    for old, new in [("count = 0", "count = -1"), ("value * 2", "value * 3"), ('args["a"]', 'args["b"]'),
                     ("logging.info", "logging.debug")]:
        after = text.replace(old, new, 1)
        parser = _edit(convert(text), convert(after))
        assert parser.reparsed == len(convert(_line_with(after, new)))
        text = after


def test_an_edit_inside_a_big_function_reparses_only_that_statement():
    branches = "".join(f'    if name == "p{number}":\n        return {number}\n' for number in range(300))
    before = f"def get_prompt(name, arguments):\n    args = arguments or {{}}\n{branches}    raise ValueError(name)\n"
    parser = IncrementalParser()
    _parse(parser, before)
    # As benchmarks/lsp_latency.py edits: a comment line before the first branch leads it.
    after = before.replace("    args = arguments or {}\n", "    args = arguments or {}\n    # edit 0\n")
    assert _parse(parser, after).deep_equals(cst.parse_module(after))
    assert parser.reparsed == len('    # edit 0\n    if name == "p0":\n        return 0\n')
    again = after.replace("# edit 0", "# edit 1")
    assert _parse(parser, again).deep_equals(cst.parse_module(again))
    assert parser.reparsed == len('    # edit 1\n    if name == "p0":\n        return 0\n')
    last = again.replace("return 299", "return -1")
    assert _parse(parser, last).deep_equals(cst.parse_module(last))
    assert parser.reparsed == len("        return -1\n")


def _random_line_edit(rng: random.Random, text: str) -> str:
    """``text`` with one line-shaped edit: a line replaced or inserted at its neighbour's
    indentation, deeper or shallower; a line deleted; or a character typed into a line."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    number = rng.randrange(len(lines))
    line = lines[number]
    indent = line[:len(line) - len(line.lstrip(" \t"))]
    indent = rng.choice([indent, indent, indent + "    ", indent[:-4], indent[:-1]])
    kind = rng.randrange(4)
    if kind < 2:
        content = rng.choice(["y = 2", "# c", "", "pass", f"if z:{newline}{indent}    pass", "else:",
                              f"x = (1,{newline}2)", f"x = 1 + \\{newline}  2", f's = """a{newline}  b"""',
                              f"@d{newline}{indent}def h():{newline}{indent}    return 1", "return", "\t# t"])
        lines[number:number + kind] = [indent + content]
    elif kind == 2:
        del lines[number]
    else:
        column = rng.randrange(len(line) + 1)
        lines[number] = line[:column] + rng.choice(["x", " ", "(", ")", ":", '"', "#", "\\"]) + line[column:]
    return newline.join(lines)


def test_random_edits_inside_blocks_match_a_full_parse():
    rng = random.Random(11)
    compared = nested = 0
    for text in [NESTED, NESTED.replace("\n", "\r\n"), NESTED.replace("    ", "\t")]:
        parser = IncrementalParser()
        _parse(parser, text)
        for _ in range(100):
            new = _random_line_edit(rng, text)
            try:
                tree = ast.parse(new)
                full = cst.parse_module(new)
            except (SyntaxError, cst.ParserSyntaxError, ValueError):
                continue
            module = parser.parse(new, tree)
            assert module.deep_equals(full) and module.code == full.code, (text, new)
            compared += 1
            nested += 0 < parser.reparsed < 150  # less than any top-level statement holding a block
            text = new
    assert compared > 100
    assert nested > compared // 2  # most edits stay inside a statement of a block
