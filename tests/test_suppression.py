"""``# noqa`` parsing: line and file directives, other tools' codes, unused reporting."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mcplint.diagnostics import Position, Span
from mcplint.suppression import noqa_lines, noqa_targets, parse_suppressions

FIXTURES = sorted((Path(__file__).parent / "fixtures").rglob("*.py"))


def test_bare_noqa_silences_every_code_on_its_line_only() -> None:
    s = parse_suppressions("a = 1\nb = args['k']  # noqa\n")
    assert s.is_suppressed("MCP202", 2) is True
    assert s.is_suppressed("MCP101", 2) is True
    assert s.is_suppressed("MCP202", 1) is False


def test_coded_noqa_silences_only_its_codes() -> None:
    s = parse_suppressions("x = 1  # noqa: MCP101, MCP102\n")
    assert (s.is_suppressed("MCP101", 1), s.is_suppressed("MCP102", 1), s.is_suppressed("MCP202", 1)) == (
        True,
        True,
        False,
    )


def test_noqa_is_case_insensitive_and_accepts_no_space_and_other_tools_codes() -> None:
    s = parse_suppressions("x = 1  # NoQA:mcp101 E501\n")
    assert s.is_suppressed("MCP101", 1) is True
    assert s.is_suppressed("MCP102", 1) is False
    assert s.by_line[1].other_codes == ("E501",)


@pytest.mark.parametrize(("comment", "codes", "other", "trailing"), [
    ("# noqa: E501, MCP101  legacy default", ("MCP101",), ("E501",), "  legacy default"),
    ("# noqa: E501 py3 compat", (), ("E501",), " py3 compat"),  # a lower-case word ends the codes
    ("# noqa: MCP101 TODO later", ("MCP101",), (), " TODO later"),  # so does a word without digits
    ("# noqa: F401F402 # c", (), ("F401", "F402"), " # c"),  # joined codes are two, as in ruff
    ("# noqa:MCP101,,MCP102", ("MCP101", "MCP102"), (), ""),
    ("# mcplint: noqa: MCP303 generated file", ("MCP303",), (), " generated file"),
])
def test_codes_are_lexed_as_ruff_lexes_them(comment: str, codes: tuple, other: tuple, trailing: str) -> None:
    s = parse_suppressions(f"x = 1  {comment}\n")
    [directive] = [*s.by_line.values(), *s.file_level]
    assert (directive.codes, directive.other_codes, directive.trailing) == (codes, other, trailing)


def test_unused_code_removal_keeps_the_other_codes_in_order_and_the_reason() -> None:
    s = parse_suppressions("x = 1  # noqa: E501, MCP101, W291  legacy py3 API\n")
    [unused] = s.unused()
    assert (unused.codes, unused.replacement) == (("MCP101",), "# noqa: E501, W291")
    assert unused.fix_span == unused.span  # the reason after the codes stays


def test_other_tools_codes_alone_do_not_silence_mcplint() -> None:
    s = parse_suppressions("x = 1  # noqa: E501\n")
    assert s.is_suppressed("MCP101", 1) is False
    assert s.unused() == []


def test_noqa_inside_a_string_is_not_a_directive() -> None:
    s = parse_suppressions('x = "# noqa: MCP101"\ny = """\n# noqa\n"""\n')
    assert s.is_suppressed("MCP101", 1) is False
    assert s.is_suppressed("MCP101", 3) is False
    assert s.by_line == {}


def test_file_level_directive_anywhere_silences_whole_file() -> None:
    s = parse_suppressions("x = 1\n\n# mcplint: noqa\n")
    assert s.is_suppressed("MCP999", 1) is True
    assert s.by_line == {}


def test_file_level_directive_with_codes() -> None:
    s = parse_suppressions("x = 1\ny = 2\n# mcplint: noqa: MCP303\n")
    assert s.is_suppressed("MCP303", 2) is True
    assert s.is_suppressed("MCP101", 2) is False


def test_unused_reports_codes_that_silenced_nothing_with_span() -> None:
    s = parse_suppressions("x = 1  # noqa: MCP101, MCP102\n")
    s.is_suppressed("MCP101", 1)
    [unused] = s.unused()
    assert unused.line == 1
    assert unused.codes == ("MCP102",)
    assert unused.span == Span(Position(1, 7), Position(1, 29))
    assert unused.replacement == "# noqa: MCP101"


def test_fully_unused_directive_fix_removes_comment_and_its_leading_space() -> None:
    s = parse_suppressions("x = 1  # noqa: MCP101\n")
    [unused] = s.unused()
    assert unused.fix_span == Span(Position(1, 5), Position(1, 21))
    assert unused.replacement == ""


def test_unused_keeps_other_tools_codes_in_replacement() -> None:
    s = parse_suppressions("x = 1  # noqa: MCP101, E501\n")
    [unused] = s.unused()
    assert (unused.codes, unused.replacement) == (("MCP101",), "# noqa: E501")


def test_unused_never_reports_blanket_or_mcp001_and_respects_enabled() -> None:
    s = parse_suppressions("a = 1  # noqa\nb = 2  # noqa: MCP001\nc = 3  # noqa: MCP402\n# mcplint: noqa\n")
    assert [u.codes for u in s.unused()] == [("MCP402",)]
    assert s.unused(enabled={"MCP101"}) == []


def test_unused_file_level_code_is_reported() -> None:
    s = parse_suppressions("x = 1\n# mcplint: noqa: MCP303\n")
    [unused] = s.unused()
    assert (unused.line, unused.codes) == (2, ("MCP303",))


def test_line_directive_redundant_with_file_directive_is_unused() -> None:
    s = parse_suppressions("# mcplint: noqa: MCP101\nx = 1  # noqa: MCP101\n")
    assert s.is_suppressed("MCP101", 2) is True
    assert [(u.line, u.codes) for u in s.unused()] == [(2, ("MCP101",))]


def test_directive_must_be_on_the_start_line() -> None:
    source = "value = call(\n    args['k'],\n)  # noqa: MCP202\n"
    s = parse_suppressions(source)
    assert s.is_suppressed("MCP202", 1) is False
    assert s.is_suppressed("MCP202", 3) is True


def test_noqa_word_prefix_is_not_a_directive() -> None:
    assert parse_suppressions("x = 1  # noqanything\n").by_line == {}


def test_code_that_does_not_tokenize_falls_back_to_line_scan() -> None:
    source = "if x:\n        a = 1  # noqa: MCP101\n    b = 2  # noqa: MCP102\n"
    s = parse_suppressions(source)
    assert s.is_suppressed("MCP101", 2) is True
    assert s.is_suppressed("MCP102", 3) is True
    assert s.is_suppressed("MCP101", 3) is False


def test_unterminated_string_still_finds_earlier_directives() -> None:
    s = parse_suppressions('x = 1  # noqa: MCP101\ny = """never closed\n')
    assert s.is_suppressed("MCP101", 1) is True


def test_other_tools_codes_are_never_unknown_and_unknown_mcp_codes_are_listed() -> None:
    from mcplint.suppression import unknown_codes

    s = parse_suppressions("a = 1  # noqa: E501\nb = 2  # noqa: MCP101, MCP999, W291\n# mcplint: noqa: MCP998\n")
    found = [(directive.line, codes) for directive, codes in unknown_codes(s, {"MCP101"})]
    assert found == [(2, ("MCP999",)), (3, ("MCP998",))]


def test_unknown_mcp_code_in_noqa_is_mcp001_and_other_tools_codes_are_ignored() -> None:
    from mcplint.engine import lint_source

    source = "import mcp\nx = 1  # noqa: E501\ny = 2  # noqa: MCP999, E501\n"
    [diagnostic] = lint_source(source, "codes.py")
    assert (diagnostic.code, diagnostic.span.start.line, diagnostic.span.start.column) == ("MCP001", 3, 7)
    assert diagnostic.message == "Unknown code in suppression: `MCP999` is not an mcplint rule"


def test_lone_carriage_returns_end_lines_for_directives() -> None:
    # Found by scripts/fuzz_campaign.py: with \r-only endings every directive sat on line 1.
    s = parse_suppressions("a = 1\rb = 2  # noqa: MCP101\r\rc = 3  # mcplint: noqa: MCP102\r")
    assert [(d.line, d.codes) for d in s.by_line.values()] == [(2, ("MCP101",))]
    assert [(d.line, d.span.start.column) for d in s.file_level] == [(4, 7)]
    assert s.is_suppressed("MCP101", 2) is True


def test_a_finding_inside_a_multiline_fstring_is_silenced_on_its_last_line() -> None:
    """A comment cannot go inside the string, so its noqa goes after the closing quotes (ruff's rule)."""
    from mcplint.config import Settings
    from mcplint.engine import lint_source

    source = '''import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

server = Server("s")


@server.list_prompts()
async def list_prompts():
    return [types.Prompt(name="explain", arguments=[types.PromptArgument(name="level", required=True)])]


@server.get_prompt()
async def get_prompt(name, arguments):
    arguments = arguments or {}
    if name != "explain":
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="unknown"))
    level = (arguments.get("level") or "").strip().lower()
    if level not in ("beginner", "expert"):
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="bad level"))
    body = f"""Explain this
at the {arguments['level']} level
please"""{noqa}
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=body))])
'''
    [finding] = lint_source(source.replace("{noqa}", ""), "s.py", Settings())
    assert (finding.code, finding.span.start.line, finding.suppression_line) == ("MCP301", 22, 23)
    assert lint_source(source.replace("{noqa}", "  # noqa: MCP301"), "s.py", Settings()) == []


def test_an_unused_file_level_directive_is_quoted_as_written():
    from mcplint.engine import lint_source

    [diagnostic] = lint_source("# mcplint: noqa: MCP103\nimport mcp\n", "server.py")
    assert (diagnostic.code, diagnostic.message) == (
        "MCP001", "Unused suppression: `# mcplint: noqa: MCP103` suppresses nothing in this file")


_AWKWARD = (
    'x = """a\nb""" + """c\nd"""\n'
    'y = ("one"\n     "two\\\n three"\n     f"""{x}\n{y!r}\n""")\n'
    'def f():\n    """Doc\n    string."""\n    return b"""\\\nbytes""" \\\n        + b""\n'
    "z = 1 + \\\n    2 + \\\n    3\n"
    "w = f'''{\n'x'}\n'''\n"
    "s = 'é' + '''ü\n€ 😀''' ; t = rb'''\r\n'''\r\n"
    "u = '''lone\rcarriage'''\rv = 1\n"
)


@pytest.mark.parametrize("source", [_AWKWARD, *FIXTURES], ids=lambda s: s.name if isinstance(s, Path) else "awkward")
def test_noqa_targets_from_ast_equal_the_tokenizer_map_on_every_line(source: str | Path) -> None:
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    every_line = range(1, len(re.split(r"\r\n|\r|\n", text)) + 1)
    assert noqa_targets(text, ast.parse(text), every_line) == noqa_lines(text)


def test_noqa_targets_finds_the_last_line_of_strings_and_continuations() -> None:
    wanted = [1, 2, 3, 4, 5, 7, 8, 13, 14, 16, 17]
    assert noqa_targets(_AWKWARD, ast.parse(_AWKWARD), wanted) == {1: 2, 2: 3, 5: 6, 7: 9, 8: 9, 13: 14, 14: 15,
                                                                   16: 18, 17: 18}


@pytest.mark.parametrize("typo", ["MCP10", "MCP1011", "MCP1"])
def test_a_mistyped_mcp_code_is_mcp001_not_another_tools_code(typo: str) -> None:
    from mcplint.engine import lint_source

    source = f"import mcp\nx = 1  # noqa: E501, {typo}\n"
    assert parse_suppressions(source).by_line[2].codes == (typo,)
    [diagnostic] = lint_source(source, "codes.py")
    assert (diagnostic.code, diagnostic.span.start.line) == ("MCP001", 2)
    assert diagnostic.message == f"Unknown code in suppression: `{typo}` is not an mcplint rule"
