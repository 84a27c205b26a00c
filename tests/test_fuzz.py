"""Generated and mutated programs through ``lint_source``: nothing escapes, output is well formed.

Programs come from hypothesmith (``from_grammar``: Python's grammar; ``from_node``: libcst
nodes), each placed after MCP server boilerplate and inside a prompt handler so that the
model and the rules run on it, and from mutations of real servers (the shared examples,
when present, and our fixtures): deleted tokens, swapped names, duplicated lines and
truncation. For every program: no exception escapes, and every diagnostic has a known
code, a span inside the text (start before end) and related locations inside it too.

CI runs a bounded, derandomized number of examples; ``scripts/fuzz_campaign.py`` runs the
same generators for a long campaign.
"""

from __future__ import annotations

import io
import keyword
import re
import textwrap
import tokenize
from pathlib import Path

import hypothesmith
import libcst
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcplint.checks import RULES_BY_CODE
from mcplint.config import Settings
from mcplint.diagnostics import Diagnostic, Position
from mcplint.engine import lint_source

ROOT = Path(__file__).resolve().parent.parent
SHARED_EXAMPLES = Path("/work/shared/examples")
#: Every code, preview and opt-in rules included, so that every rule meets the programs.
SETTINGS = Settings(select=("ALL",), extend_select=tuple(RULES_BY_CODE), preview=True)
FUZZ = settings(max_examples=50, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))

BOILERPLATE = '''\
import mcp.types as types
from mcp.server.fastmcp import FastMCP
from mcp.server.lowlevel import Server

mcp = FastMCP("fuzz")
server = Server("fuzz")


@mcp.prompt()
def review(code: str, language: str = "python") -> str:
    return f"Review {code} in {language}"


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="p", arguments=[types.PromptArgument(name="language", required=True)])]


'''
HANDLER_HEAD = '''\
@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
'''


def embed(program: str) -> list[str]:
    """``program`` after the boilerplate, and as the body of a ``get_prompt`` handler."""
    body = textwrap.indent(program, "    ") if program.strip() else "    pass\n"
    return [BOILERPLATE + program, BOILERPLATE + HANDLER_HEAD + body]


def text_lines(text: str) -> list[str]:
    """Lines as the engine counts them (``\\r\\n``, ``\\r`` or ``\\n`` end a line)."""
    return re.split(r"\r\n|\r|\n", text)


def decoded(source: str | bytes) -> str:
    """The text the engine sees for ``source`` (BOM dropped), or "" when it cannot decode."""
    if isinstance(source, str):
        return source
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
        return source.decode(encoding).removeprefix("\ufeff")
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return ""


def inside(lines: list[str], position: Position) -> bool:
    """Whether ``position`` (1-based line, 0-based column) lies in the text."""
    if not 1 <= position.line <= len(lines):
        return False
    return 0 <= position.column <= len(lines[position.line - 1])


def well_formed_problems(source: str | bytes, diagnostics: object) -> list[str]:
    """What is wrong with ``lint_source``'s answer for ``source``; empty when it is well formed."""
    if not isinstance(diagnostics, list):
        return [f"not a list: {type(diagnostics).__name__}"]
    lines = text_lines(decoded(source))
    problems = []
    for diagnostic in diagnostics:
        if not isinstance(diagnostic, Diagnostic):
            problems.append(f"not a Diagnostic: {diagnostic!r}")
            continue
        where = f"{diagnostic.code} at {diagnostic.span}"
        if diagnostic.code not in RULES_BY_CODE:
            problems.append(f"unknown code {where}")
        if diagnostic.code == "MCP000":  # a syntax error may point just past the text
            continue
        if not (inside(lines, diagnostic.span.start) and inside(lines, diagnostic.span.end)):
            problems.append(f"span outside the text: {where}")
        elif (diagnostic.span.end.line, diagnostic.span.end.column) < (
            diagnostic.span.start.line, diagnostic.span.start.column
        ):
            problems.append(f"span ends before it starts: {where}")
        for related in diagnostic.related:
            if related.path == diagnostic.path and not inside(lines, related.span.start):
                problems.append(f"related location outside the text: {where} -> {related.span}")
    return problems


def check(source: str | bytes, path: str = "fuzzed.py") -> list[Diagnostic]:
    """Lint ``source`` and assert the answer is well formed; return the diagnostics."""
    diagnostics = lint_source(source, path, SETTINGS)
    problems = well_formed_problems(source, diagnostics)
    assert not problems, problems
    return diagnostics


# --------------------------------------------------------------------------- mutations


def corpus() -> list[tuple[str, str]]:
    """(name, source) of the shared examples (when present) and our fixtures."""
    files = sorted((ROOT / "tests" / "fixtures").rglob("*.py"))
    if SHARED_EXAMPLES.is_dir():
        files += sorted(SHARED_EXAMPLES.rglob("*.py"))
    return [(str(path), path.read_text(encoding="utf-8")) for path in files]


CORPUS = corpus()


def tokens_of(source: str) -> list[tokenize.TokenInfo]:
    """The tokens of ``source`` (those read before a tokenize error)."""
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            found.append(token)
    except (tokenize.TokenError, SyntaxError):
        pass
    return [token for token in found if token.string]


def offset(source: str, row: int, column: int) -> int:
    """The string index of a tokenize (row, column)."""
    lines = source.splitlines(keepends=True)
    return sum(len(line) for line in lines[: row - 1]) + column


def delete_token(source: str, pick: int) -> str:
    """``source`` without its ``pick``-th token (modulo the token count)."""
    tokens = tokens_of(source)
    if not tokens:
        return source
    token = tokens[pick % len(tokens)]
    start, end = offset(source, *token.start), offset(source, *token.end)
    return source[:start] + source[end:]


def swap_names(source: str, first: int, second: int) -> str:
    """``source`` with every use of two of its identifiers exchanged."""
    names = sorted({t.string for t in tokens_of(source) if t.type == tokenize.NAME and not keyword.iskeyword(t.string)})
    if len(names) < 2:
        return source
    a, b = names[first % len(names)], names[second % len(names)]
    return re.sub(rf"\b({re.escape(a)}|{re.escape(b)})\b", lambda m: b if m.group(1) == a else a, source)


def duplicate_lines(source: str, start: int, length: int) -> str:
    """``source`` with a run of lines (a branch, a statement) repeated right after itself."""
    lines = source.splitlines(keepends=True)
    if not lines:
        return source
    first = start % len(lines)
    run = lines[first : first + 1 + length % 8]
    return "".join(lines[: first + len(run)] + run + lines[first + len(run) :])


def truncate(source: str, fraction: float) -> str:
    """``source`` cut at a point ``fraction`` of the way through."""
    return source[: int(len(source) * fraction)]


MUTATIONS = st.one_of(
    st.tuples(st.just(delete_token), st.integers(0, 10_000)),
    st.tuples(st.just(swap_names), st.integers(0, 10_000), st.integers(0, 10_000)),
    st.tuples(st.just(duplicate_lines), st.integers(0, 10_000), st.integers(0, 10_000)),
    st.tuples(st.just(truncate), st.floats(0, 1)),
)


@st.composite
def mutated_sources(draw) -> tuple[str, str]:
    """(name, source) of a corpus file after one to three mutations."""
    name, source = draw(st.sampled_from(CORPUS))
    for mutation, *arguments in draw(st.lists(MUTATIONS, min_size=1, max_size=3)):
        source = mutation(source, *arguments)
    return name, source


def grammar_programs() -> st.SearchStrategy[str]:
    """Programs from Python's grammar (hypothesmith.from_grammar)."""
    return hypothesmith.from_grammar()


def node_programs() -> st.SearchStrategy[str]:
    """Programs built from libcst nodes (hypothesmith.from_node)."""
    return hypothesmith.from_node(libcst.Module)


# --------------------------------------------------------------------------- tests


@FUZZ
@given(grammar_programs())
def test_grammar_programs(program: str) -> None:
    for source in embed(program):
        check(source)


@pytest.mark.filterwarnings("ignore::SyntaxWarning")  # generated programs like `...[0]` are odd on purpose
@settings(FUZZ, max_examples=20)  # generating from libcst nodes takes ~1 s per program
@given(node_programs())
def test_node_programs(program: str) -> None:
    for source in embed(program):
        check(source)


@FUZZ
@given(mutated_sources())
def test_mutated_servers(named: tuple[str, str]) -> None:
    name, source = named
    check(source, name)


@FUZZ
@given(mutated_sources(), st.sampled_from(["\r\n", "\r"]), st.booleans())
def test_mutated_servers_as_bytes(named: tuple[str, str], ending: str, bom: bool) -> None:
    name, source = named
    data = ("\ufeff" if bom else "") + source.replace("\n", ending)
    check(data.encode("utf-8", "surrogatepass"), name)


def test_corpus_is_not_empty() -> None:
    assert len(CORPUS) >= 10


def test_well_formed_problems_notices_a_bad_span() -> None:
    [diagnostic] = lint_source("import mcp\ndef (:\n", "bad.py", SETTINGS)
    moved = Diagnostic(code="MCP202", name="x", message="m", path="bad.py",
                       span=type(diagnostic.span)(Position(9, 0), Position(9, 1)))
    assert well_formed_problems("import mcp\n", [moved]) == [f"span outside the text: MCP202 at {moved.span}"]
