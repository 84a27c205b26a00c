"""Fixes: each producer's exact output per stack, and how ``mcplint.fixes`` applies them to files
(overlaps, applicability, parse safety, encodings, line endings, mode, atomic writes)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from mcplint import engine, fixes
from mcplint.config import Settings
from mcplint.diagnostics import Applicability, Diagnostic, Edit, Fix, Position, Span
from mcplint.engine import lint_source
from mcplint.fixes import (
    apply_edits,
    fix_file,
    fix_text,
    noqa_text,
    parses,
    select_fixes,
)

FIXTURES = Path(__file__).parent / "fixtures"
EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"


def fixed(text: str, select: str, unsafe: bool = False, **pins) -> str:
    """``text`` after ``--fix`` with only ``select`` running (so other rules' fixes stay out)."""
    chosen = Settings(select=(select,), **pins)
    return fix_text(text, lambda t: lint_source(t, "server.py", chosen), unsafe).text


def fixes_of(text: str, select: str, **pins) -> list[Fix]:
    return [d.fix for d in lint_source(text, "server.py", Settings(select=(select,), **pins))]


# -- MCP201 -----------------------------------------------------------------------------------
MCP1_STRING_MCPERROR = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("s")


class BadTicket(Exception):
    pass


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="t", arguments=[types.PromptArgument(name="ticket", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "t":
        raise McpError(ErrorData(code=INVALID_PARAMS, message="unknown"))
    ticket = (arguments or {}).get("ticket", "")
    try:
        if not ticket:
            raise BadTicket("ticket is required")
    except BadTicket as error:
        raise McpError(str(error))
    return types.GetPromptResult(messages=[])
'''


def test_mcp201_mcperror_built_from_a_string_gets_errordata_without_a_second_str():
    result = fixed(MCP1_STRING_MCPERROR, "MCP201", unsafe=True)
    assert result == MCP1_STRING_MCPERROR.replace(
        "raise McpError(str(error))",
        "raise McpError(ErrorData(code=INVALID_PARAMS, message=str(error)))",
    )


MCP1_LOWLEVEL = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("s")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="greet", arguments=[types.PromptArgument(name="who", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "greet":
        raise ValueError(f"Unknown prompt: {name}") from None
    args = arguments or {}
    who = args["who"]
    return types.GetPromptResult(messages=[])
'''


def test_mcp201_mcp1_lowlevel_raises_mcperror_with_errordata_keeping_message_and_cause():
    result = fixed(MCP1_LOWLEVEL, "MCP201")
    assert result == MCP1_LOWLEVEL.replace(
        "from mcp.server.lowlevel import Server\n",
        "from mcp.server.lowlevel import Server\nfrom mcp.shared.exceptions import McpError\n",
    ).replace(
        'raise ValueError(f"Unknown prompt: {name}") from None',
        'raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}")) from None',
    )
    [fix] = fixes_of(MCP1_LOWLEVEL, "MCP201")
    assert (fix.title, fix.applicability) == ("Raise McpError (-32602 Invalid params)", Applicability.SAFE)
    assert fixed(result, "MCP201") == result  # nothing left to fix


MCP2_LOWLEVEL = '''\
from mcp.server import Server, ServerRequestContext
from mcp.types import GetPromptRequestParams, GetPromptResult, ListPromptsResult, Prompt, PromptArgument


async def list_prompts(ctx: ServerRequestContext, params) -> ListPromptsResult:
    return ListPromptsResult(prompts=[Prompt(name="greet", arguments=[PromptArgument(name="who", required=True)])])


async def get_prompt(ctx: ServerRequestContext, params: GetPromptRequestParams) -> GetPromptResult:
    if params.name != "greet":
        raise KeyError(params.name)
    args = params.arguments or {}
    who = args["who"]
    return GetPromptResult(messages=[])


server = Server("s", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
'''


def test_mcp201_mcp2_lowlevel_raises_mcperror_code_keyword_and_imports_what_it_needs():
    assert fixed(MCP2_LOWLEVEL, "MCP201") == MCP2_LOWLEVEL.replace(
        "from mcp.types import GetPromptRequestParams, GetPromptResult, ListPromptsResult, Prompt, PromptArgument\n",
        "from mcp.types import GetPromptRequestParams, GetPromptResult, ListPromptsResult, Prompt, PromptArgument\n"
        "from mcp import MCPError\nfrom mcp.types import INVALID_PARAMS\n",
    ).replace(
        "raise KeyError(params.name)",
        "raise MCPError(code=INVALID_PARAMS, message=str(params.name))",
    )


FASTMCP = '''\
from fastmcp import FastMCP

mcp = FastMCP("s")


@mcp.prompt
def greet(who: str) -> str:
    if not who.strip():
        raise ValueError("who must not be blank")
    return f"Hello {who}"
'''


def test_mcp201_fastmcp4_raises_validation_error():
    assert fixed(FASTMCP, "MCP201", fastmcp_version="4.2.3") == FASTMCP.replace(
        "from fastmcp import FastMCP\n", "from fastmcp import FastMCP\nfrom fastmcp.exceptions import ValidationError\n"
    ).replace('raise ValueError("who must not be blank")', 'raise ValidationError("who must not be blank")')


def test_mcp201_fastmcp2_without_middleware_only_names_the_middleware():
    [fix] = fixes_of(FASTMCP, "MCP201", fastmcp_version="2.14.7")
    assert fix == Fix("Add ErrorHandlingMiddleware and raise ValueError (mapped to -32602)", (),
                      Applicability.DISPLAY_ONLY)
    assert fixed(FASTMCP, "MCP201", unsafe=True, fastmcp_version="2.14.7") == FASTMCP


def test_mcp201_mcp1_fastmcp_fix_is_a_note_naming_the_upgrade_not_an_mcperror_that_mcp206_reports():
    text = FASTMCP.replace("from fastmcp import FastMCP", "from mcp.server.fastmcp import FastMCP").replace(
        "@mcp.prompt\n", "@mcp.prompt()\n")
    [fix] = fixes_of(text, "MCP201")
    assert fix == Fix("Move to mcp 2.x MCPServer and raise MCPError(code=INVALID_PARAMS, ...): no prompt code "
                      "sends -32602 on mcp 1.x FastMCP", (), Applicability.DISPLAY_ONLY)
    assert fixed(text, "MCP201", unsafe=True) == text
    [finding] = [d for d in lint_source(text, "s.py", Settings()) if d.code == "MCP201"]
    assert finding.message.endswith(
        "no prompt code can send -32602 on this stack, whatever it raises (McpError(INVALID_PARAMS) arrives as "
        "code 0 too); to send it, move to mcp 2.x MCPServer (raise MCPError(code=INVALID_PARAMS, message=...)) "
        "or fastmcp 4.x (raise fastmcp.exceptions.ValidationError(...))")


def test_mcp201_assert_becomes_an_if_raise_and_is_unsafe():
    text = MCP1_LOWLEVEL.replace('    who = args["who"]\n', '    who = args.get("who", "")\n    assert who, "who is required"  # keep\n')
    [fix] = fixes_of(text, "MCP201")[1:]
    assert fix.applicability is Applicability.UNSAFE
    assert '    assert who, "who is required"  # keep\n' in fixed(text, "MCP201")
    assert ('    if not who:\n'
            '        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="who is required"))  # keep\n'
            ) in fixed(text, "MCP201", unsafe=True)


def test_mcp201_raise_in_a_helper_is_unsafe():
    text = MCP1_LOWLEVEL.replace('    who = args["who"]\n', '    who = require(args, "who")\n').replace(
        "@server.get_prompt()",
        'def require(args, key):\n    if key not in args:\n        raise ValueError(f"{key} is required")\n'
        '    return args[key]\n\n\n@server.get_prompt()')
    helper, own = fixes_of(text, "MCP201")
    assert (helper.applicability, own.applicability) == (Applicability.UNSAFE, Applicability.SAFE)
    assert helper.edits[0].content == 'McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"{key} is required"))'


# -- MCP202 -----------------------------------------------------------------------------------
def test_mcp202_inserts_a_guard_on_mcp1_lowlevel_only_with_unsafe_fixes():
    assert fixed(MCP1_LOWLEVEL, "MCP202") == MCP1_LOWLEVEL
    assert fixed(MCP1_LOWLEVEL, "MCP202", unsafe=True) == MCP1_LOWLEVEL.replace(
        "from mcp.server.lowlevel import Server\n",
        "from mcp.server.lowlevel import Server\nfrom mcp.shared.exceptions import McpError\n",
    ).replace(
        '    who = args["who"]\n',
        '    if "who" not in args:\n'
        '        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="Missing required argument \'who\'"))\n'
        '    who = args["who"]\n',
    )


def test_mcp202_inserts_a_guard_on_mcp2_lowlevel():
    assert fixed(MCP2_LOWLEVEL, "MCP202", unsafe=True) == MCP2_LOWLEVEL.replace(
        "from mcp.types import GetPromptRequestParams, GetPromptResult, ListPromptsResult, Prompt, PromptArgument\n",
        "from mcp.types import GetPromptRequestParams, GetPromptResult, ListPromptsResult, Prompt, PromptArgument\n"
        "from mcp import MCPError\nfrom mcp.types import INVALID_PARAMS\n",
    ).replace(
        '    who = args["who"]\n',
        '    if "who" not in args:\n'
        '        raise MCPError(code=INVALID_PARAMS, message="Missing required argument \'who\'")\n'
        '    who = args["who"]\n',
    )


def test_mcp202_has_no_fix_in_an_elif_test_or_when_the_mapping_may_be_none():
    elif_text = MCP1_LOWLEVEL.replace('    who = args["who"]\n', '    if name == "x":\n        pass\n    elif args["who"]:\n        pass\n')
    assert [d.fix for d in lint_source(elif_text, "s.py", Settings(select=("MCP202",)))] == [None]
    none_text = MCP1_LOWLEVEL.replace("    args = arguments or {}\n", "    args = arguments\n")
    assert [d.fix for d in lint_source(none_text, "s.py", Settings(select=("MCP202",)))] == [None]


# -- MCP102 -----------------------------------------------------------------------------------
def test_mcp102_renames_a_case_or_separator_mismatch_with_unsafe_fixes():
    text = MCP1_LOWLEVEL.replace('who = args["who"]', "who = args.get('Who')")
    [fix] = fixes_of(text, "MCP102")
    assert (fix.title, fix.applicability) == ("Read 'who'", Applicability.UNSAFE)
    assert fixed(text, "MCP102") == text
    assert fixed(text, "MCP102", unsafe=True) == MCP1_LOWLEVEL.replace('who = args["who"]', "who = args.get('who')")


def test_mcp102_on_mcp2_lowlevel_and_no_fix_for_a_mere_lookalike():
    text = MCP2_LOWLEVEL.replace('who = args["who"]', 'who = args["w-h-o"]')
    assert fixed(text, "MCP102", unsafe=True) == MCP2_LOWLEVEL
    other = MCP2_LOWLEVEL.replace('who = args["who"]', 'who = args["whom"]')
    assert [d.fix for d in lint_source(other, "s.py", Settings(select=("MCP102",)))] == [None]


# -- MCP001 -----------------------------------------------------------------------------------
def test_mcp001_removes_the_unused_code_or_the_whole_directive():
    text = MCP1_LOWLEVEL.replace('    who = args["who"]\n', '    who = args["who"]  # noqa: MCP202, MCP101, E501\n') + "x = 1  # noqa: MCP301\n"
    chosen = Settings(select=("MCP001", "MCP101", "MCP202", "MCP301"))
    result = fix_text(text, lambda t: lint_source(t, "s.py", chosen))
    assert result.text == MCP1_LOWLEVEL.replace('    who = args["who"]\n', '    who = args["who"]  # noqa: MCP202, E501\n') + "x = 1\n"
    assert [d.fix.title for d in result.applied] == ["Remove unused `MCP101`", "Remove unused `noqa` directive"]
    assert result.remaining == []
    # A code whose rule did not run could not have been used: not reported, not removed.
    assert lint_source(text, "s.py", Settings(select=("MCP001", "MCP202"))) == []


# -- applying ---------------------------------------------------------------------------------
def _fix(line: int, start: int, end: int, content: str, applicability=Applicability.SAFE) -> Fix:
    return Fix("f", (Edit(Span(Position(line, start), Position(line, end)), content),), applicability)


def test_overlapping_fix_is_skipped_and_touching_ones_are_not():
    text = "abcdef\n"
    first, overlapping, touching = _fix(1, 0, 3, "X"), _fix(1, 2, 4, "Y"), _fix(1, 3, 5, "Z")
    assert select_fixes(text, [overlapping, first, touching]) == [first, touching]
    assert apply_edits(text, [first, touching]) == "XZf\n"


def test_inserted_lines_take_the_file_line_ending():
    text = "a = 1\r\nb = 2\r\n"
    insert = _fix(2, 0, 0, "c = 3\n")
    assert apply_edits(text, [insert], "\r\n") == "a = 1\r\nc = 3\r\nb = 2\r\n"


def _diagnostic(fix: Fix) -> Diagnostic:
    return Diagnostic("MCP201", "generic-error-for-invalid-params", "m", "s.py", fix.edits[0].span, fix=fix)


def test_a_fix_that_would_not_parse_is_dropped_and_the_others_applied():
    text = "a = 1\nb = 2\n"
    bad, good = _diagnostic(_fix(1, 4, 5, "(")), _diagnostic(_fix(2, 4, 5, "3"))
    calls = []

    def lint(current: str) -> list[Diagnostic]:
        calls.append(current)
        return [bad, good] if len(calls) == 1 else []

    outcome = fix_text(text, lint)
    assert outcome.text == "a = 1\nb = 3\n"
    assert (outcome.applied, outcome.rejected) == ([good], [bad])


def test_applicability_filter():
    safe, unsafe, display = (_fix(1, 0, 1, "b", a) for a in Applicability)
    assert [fixes.is_applicable(f, False) for f in (safe, unsafe, display)] == [True, False, False]
    assert [fixes.is_applicable(f, True) for f in (safe, unsafe, display)] == [True, True, False]


def test_passes_are_bounded_for_a_fix_that_always_comes_back():
    def lint(current: str) -> list[Diagnostic]:
        return [_diagnostic(_fix(1, 0, 0, "#"))]

    assert fix_text("x = 1\n", lint).text == "#" * fixes.MAX_PASSES + "x = 1\n"


# -- files ------------------------------------------------------------------------------------
LOWLEVEL_FAULT = MCP1_LOWLEVEL.replace('    who = args["who"]\n', "")  # only MCP201 left


def _write(tmp_path: Path, data: bytes, mode: int = 0o640) -> Path:
    path = tmp_path / "server.py"
    path.write_bytes(data)
    path.chmod(mode)
    return path


FIXED_LINE = 'McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))'


def test_crlf_and_mode_are_kept(tmp_path):
    path = _write(tmp_path, LOWLEVEL_FAULT.replace("\n", "\r\n").encode(), 0o751)
    result = fix_file(path, Settings())
    data = path.read_bytes()
    assert result.written and FIXED_LINE.encode() in data
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert b"from mcp.shared.exceptions import McpError\r\n" in data
    assert stat.S_IMODE(path.stat().st_mode) == 0o751


def test_bom_is_kept(tmp_path):
    path = _write(tmp_path, b"\xef\xbb\xbf" + LOWLEVEL_FAULT.encode())
    fix_file(path, Settings())
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfimport mcp.types") and FIXED_LINE.encode() in data


def test_latin1_cookie_is_kept(tmp_path):
    source = "# -*- coding: latin-1 -*-\n" + LOWLEVEL_FAULT.replace('"Unknown prompt: {name}"', '"Unbekannter Prompt: {name} (é)"')
    path = _write(tmp_path, source.encode("latin-1"))
    fix_file(path, Settings())
    data = path.read_bytes()
    assert b'message=f"Unbekannter Prompt: {name} (\xe9)"' in data
    assert data.decode("latin-1").startswith("# -*- coding: latin-1 -*-\n")


def test_a_file_without_fixes_is_never_written(tmp_path):
    path = _write(tmp_path, MCP1_LOWLEVEL.replace("raise ValueError(f", "raise McpError(f").encode())
    before = os.stat(path)
    result = fix_file(path, Settings(select=("MCP201",)))
    after = os.stat(path)
    assert not result.written
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_second_run_changes_nothing(tmp_path):
    path = _write(tmp_path, LOWLEVEL_FAULT.encode())
    assert fix_file(path, Settings()).written
    once = path.read_bytes()
    again = fix_file(path, Settings())
    assert (again.written, again.applied, path.read_bytes()) == (False, [], once)


def test_a_fix_that_would_not_parse_is_not_written(tmp_path, monkeypatch):
    path = _write(tmp_path, b"import mcp\nx = 1\n")
    before = os.stat(path)
    bad = _diagnostic(_fix(2, 4, 5, "("))
    monkeypatch.setattr(engine, "lint_source", lambda source, p, s=None: [bad] if b"x = 1" in (
        source if isinstance(source, bytes) else source.encode()) else [])
    result = fix_file(path, Settings())
    assert (result.written, result.rejected) == (False, [bad])
    assert path.read_bytes() == b"import mcp\nx = 1\n" and os.stat(path).st_mtime_ns == before.st_mtime_ns


def test_an_interrupted_write_leaves_the_original_intact(tmp_path, monkeypatch):
    original = LOWLEVEL_FAULT.encode()
    path = _write(tmp_path, original)

    def interrupted(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", interrupted)
    result = fix_file(path, Settings())
    assert result.error == f"{path}: cannot write file: No space left on device"
    assert path.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["server.py"]  # no temporary file left


def test_a_symlink_keeps_pointing_at_the_fixed_file(tmp_path):
    target = _write(tmp_path, LOWLEVEL_FAULT.encode())
    link = tmp_path / "link.py"
    link.symlink_to(target)
    fix_file(link, Settings())
    assert link.is_symlink() and FIXED_LINE.encode() in target.read_bytes()


# -- noqa -------------------------------------------------------------------------------------
def test_add_noqa_merges_and_skips_multiline_strings():
    text = MCP1_LOWLEVEL.replace('    who = args["who"]\n', '    who = args["who"]  # noqa: E501\n')
    diagnostics = lint_source(text, "s.py", Settings(select=("MCP201", "MCP202")))
    result, count = noqa_text(text, diagnostics)
    assert count == 2
    assert '    who = args["who"]  # noqa: E501, MCP202\n' in result
    assert '        raise ValueError(f"Unknown prompt: {name}") from None  # noqa: MCP201\n' in result
    assert lint_source(result, "s.py", Settings(select=("MCP201", "MCP202", "MCP001"))) == []
    spanning = 'x = """a\nb"""\n'
    diagnostic = Diagnostic("MCP301", "n", "m", "s.py", Span(Position(1, 4), Position(2, 4)))
    assert noqa_text(spanning, [diagnostic]) == (spanning, 0)


@pytest.mark.parametrize(("comment", "reason", "merged"), [
    # ruff's lexing: codes, then the first word that is no code starts the reason
    ("# noqa: E501, W291  legacy default", None, "# noqa: E501, W291, MCP202  legacy default"),
    ("# noqa: E501 py3 compat", None, "# noqa: E501, MCP202 py3 compat"),
    ("# noqa:E501 (see ticket 12)", None, "# noqa: E501, MCP202 (see ticket 12)"),
    ("# NOQA: E501 W291 keep", "why", "# noqa: E501, W291, MCP202 keep"),  # its own reason wins
    ("# noqa: E501", "why", "# noqa: E501, MCP202 why"),  # a reason where there was none
    ("# noqa: E501  # type: ignore", "why", "# noqa: E501, MCP202 why  # type: ignore"),
    ("# noqa: MCP101, E501 legacy", None, "# noqa: MCP101, E501, MCP202 legacy"),  # order kept
])
def test_add_noqa_keeps_an_existing_directives_codes_and_reason(comment, reason, merged):
    text = MCP1_LOWLEVEL.replace('    who = args["who"]\n', f'    who = args["who"]  {comment}\n')
    diagnostics = [d for d in lint_source(text, "s.py", Settings(select=("MCP202",)))]
    result, count = noqa_text(text, diagnostics, reason=reason)
    assert count == 1
    assert f'    who = args["who"]  {merged}\n' in result


def test_add_noqa_leaves_a_blanket_directive_alone():
    text = MCP1_LOWLEVEL.replace('    who = args["who"]\n', '    who = args["who"]  # noqa\n')
    line = text[:text.index('args["who"]')].count("\n") + 1
    diagnostic = Diagnostic("MCP202", "n", "m", "s.py", Span(Position(line, 10), Position(line, 21)))
    assert noqa_text(text, [diagnostic]) == (text, 0)


# -- property: every fixture and shared example ------------------------------------------------
CORPUS = sorted(FIXTURES.glob("MCP*/*.py")) + sorted(EXAMPLES.rglob("*.py"))


@hypothesis_settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(CORPUS), newline=st.sampled_from(["\n", "\r\n"]))
def test_all_fixes_parse_and_a_second_application_is_a_no_op(path, newline):
    text = path.read_text(encoding="utf-8").replace("\n", newline)
    chosen = Settings(select=("ALL",), preview=True)

    def lint(current: str) -> list[Diagnostic]:
        return lint_source(current, path, chosen)

    first = fix_text(text, lint, unsafe=True, newline=newline)
    assert parses(first.text)
    assert first.rejected == []
    if newline == "\r\n":
        assert "\n" not in first.text.replace("\r\n", "")
    assert fix_text(first.text, lint, unsafe=True, newline=newline).text == first.text


def test_advice_on_mcp1_fastmcp_never_suggests_the_mcperror_that_mcp206_reports():
    path = FIXTURES / "MCP204" / "prompt_refusal_concatenated_fastmcp.py"
    found = [d for d in lint_source(path.read_text(), str(path), Settings(select=("MCP204",), preview=True))]
    assert found and all(d.message.endswith(
        "raise an error whose message names the argument: no prompt code can send -32602 on mcp 1.x FastMCP, which "
        "sends every prompt exception as code 0 'Error rendering prompt ...: <message>' (mcp 2.x MCPServer and "
        "fastmcp 4.x send -32602)") for d in found)
