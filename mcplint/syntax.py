"""CPython's verdict on a source text, independent of the Python that runs mcplint.

mcplint parses with libcst, whose native parser accepts the syntax of every Python from 3.0
to 3.14 whatever the running interpreter. But some helpers lean on CPython's ``ast``: the
pre-check that keeps input nested deeper than CPython accepts away from libcst's native
parser (which can crash the process on it), the line numbers :mod:`mcplint.positions` and
:mod:`mcplint.incremental` pair libcst's statements with, the lines a ``# noqa`` goes on,
the re-parse check after ``--fix``, and project modules read for cross-module names. Under
Python 3.11, ``ast`` rejects ``type X = ...``, ``def f[T]()`` or ``f"{d["k"]}"``.

So when ``ast`` rejects a text, :func:`check_source` parses a *view* of it instead: the same
text with each construct newer than the running Python rewritten into one it accepts, with
the same lines and, outside the rewritten spots, the same columns:

* PEP 701 f-strings (3.12), on an older Python: every f-string and t-string becomes a
  parenthesised expression holding its replacement fields, ``f"a{x!r:>{w}}"`` ->
  ``(  (x    (w)))`` (literal text turns into spaces, line breaks stay), so CPython still sees
  (and bounds the nesting of) every expression inside; every other string literal becomes
  ``(   )`` alike, or ``f"{x}" "y"`` would become ``(x) "y"``;
* PEP 750 t-strings (3.14) on 3.12/3.13: ``t"..."`` -> ``f"..."``;
* PEP 695 type parameters (3.12, defaults PEP 696 3.13) after ``def``/``class``/``type``
  names: blanked; a ``type X = v`` statement becomes ``X = v``;
* PEP 758 ``except A, B:`` (3.14): the names after the first become blanks;
* PEP 654 ``except*`` (3.11) on 3.10: the star becomes a blank.

Statements are found as the tokenizer finds them: a line break outside brackets or a ``;``
ends one, and so does the ``:`` that ends a compound statement's header (``if x: type X =
int``; a lambda's ``:`` does not). Inside a replacement field, a ``:`` outside brackets ends
the expression even before ``=`` (``f"{x:=^9}"`` has the spec ``=^9``).

The view blanks literal text and turns fields into parentheses, so errors that live there
would vanish: the scanner checks those on the text itself as CPython 3.12+ do (a format spec
nested a fourth level deep, escapes CPython cannot decode such as ``\\N{unknown}``, a missing
or unknown conversion, a single ``}``) and :func:`check_source` reports them with CPython's
message and place.

If the view parses, the text's only problems were newer syntax: the engine lints it (libcst
still judges the text itself) and positions, noqa lines and incremental checks use the
view's tree. If not, the text has a real syntax error, and ``ast``'s verdict on the text
itself is reported. ``target-version`` (py310..py314, as in ruff) names the Python the code
is meant for; :func:`parser_config` passes it on to libcst.
"""

from __future__ import annotations

import ast
import codecs
import keyword
import re
from bisect import bisect_right
import sys
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import libcst as cst  # imported where used: mcplint.config reads TARGET_VERSIONS without it

#: The Python versions ``--target-version`` / ``target-version`` accept (ruff's spelling).
TARGET_VERSIONS = ("py310", "py311", "py312", "py313", "py314")

#: CPython's default recursion limit: ``ast`` judges nesting under it (see :func:`check_source`).
DEFAULT_RECURSION_LIMIT = 1_000

_RUNNING = sys.version_info[:2]


@dataclass(frozen=True)
class SourceCheck:
    """CPython's verdict on a text.

    ``failure`` is (line, column, message) of a syntax error or of nesting beyond CPython's
    limits, else None. ``tree`` is ``ast``'s parse of ``view`` (the text itself, or its
    rewrite when the text uses syntax newer than the running Python); its positions refer to
    ``view``, which has the text's lines. ``string_ends`` maps each line inside a string the
    view rewrote (no string in its tree) to the string's last line (where its ``# noqa`` goes).
    """

    failure: tuple[int, int, str] | None
    tree: ast.Module | None
    view: str = ""
    string_ends: dict[int, int] = field(default_factory=dict)
    rewritten: bool = False  # whether ``view`` is a rewrite, not the text itself


def check_source(text: str) -> SourceCheck:
    """CPython's verdict on ``text`` (see :class:`SourceCheck`), judged under CPython's
    default recursion limit whatever limit the caller raised: only nesting CPython accepts
    may reach libcst's native parser. Never raises."""
    nul = text.find("\0")
    if nul >= 0:  # located here: CPython versions differ (ValueError without a line, or not)
        line_start = text.rfind("\n", 0, nul) + 1
        return SourceCheck((text.count("\n", 0, nul) + 1, nul - line_start, "source code cannot contain null bytes"), None)
    tree, failure = _parse(text)
    if failure is None or failure[2] == _TOO_DEEP:
        return SourceCheck(failure, tree, text)
    try:
        view = python_view(text)
    except (ValueError, IndexError, RecursionError):
        view = None
    if view is None or view.text == text:
        return SourceCheck(failure, None, text)
    view_tree, view_failure = _parse(view.text)
    if view.errors and (view_failure is None or view.errors[0][0] <= view_failure[0]):
        # An error every CPython reports that the view hides, or that the view reports
        # worse (a malformed field breaks its brackets): the text's own error comes first.
        view_failure = view.errors[0]
    if view_failure is not None:
        # A real error: where the view (same lines, newer syntax set aside) has it, which
        # is not at the first use of newer syntax, where the running Python stopped.
        return SourceCheck(view_failure, None, text)
    return SourceCheck(None, view_tree, view.text, view.string_ends, True)


_TOO_DEEP = "expression nests deeper than CPython accepts"


def _parse(text: str) -> tuple[ast.Module | None, tuple[int, int, str] | None]:
    room = sys.getrecursionlimit()
    sys.setrecursionlimit(min(room, DEFAULT_RECURSION_LIMIT))
    try:
        with warnings.catch_warnings():  # CPython's SyntaxWarnings are not mcplint's to print
            warnings.simplefilter("ignore")
            return ast.parse(text), None
    except SyntaxError as error:
        return None, (error.lineno or 1, max((error.offset or 1) - 1, 0), error.msg)
    except (RecursionError, MemoryError):
        return None, (_too_deep_line(text), 0, _TOO_DEEP)
    except ValueError as error:  # source with NUL bytes
        return None, (1, 0, str(error))
    finally:
        sys.setrecursionlimit(room)


def _too_deep_line(text: str) -> int:
    """The line where ``text`` first nests deeper than CPython accepts (``ast`` says not
    where): the fewest leading lines that are already too deep, found by bisection (a
    prefix ending before the deep expression parses or fails otherwise; one ending at or
    after its end is too deep). Called under the lowered recursion limit of :func:`_parse`."""
    ends = [match.end() for match in re.finditer(r"\r\n|\r|\n", text)] + [len(text)]
    low, high = 0, len(ends) - 1  # the answer's index lies in [low, high]
    while low < high:
        middle = (low + high) // 2
        if _too_deep(text[:ends[middle]]):
            high = middle
        else:
            low = middle + 1
    return low + 1


def _too_deep(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (RecursionError, MemoryError):
        return True
    except (SyntaxError, ValueError):
        return False
    return False


def parses(text: str) -> bool:
    """Whether ``text`` parses: CPython accepts it (or its view, see :func:`check_source`)
    and libcst parses it. For the re-parse check after a fix."""
    import libcst as cst

    if check_source(text).failure is not None:
        return False
    try:
        cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError, MemoryError, ValueError):
        return False
    return True


def parser_config(target_version: str | None) -> cst.PartialParserConfig:
    """libcst's parser configuration for code meant for ``target_version`` (None: libcst's
    default, the newest grammar it knows). libcst's native parser accepts every version's
    syntax either way; the version matters to its pure-Python parser. A version libcst does
    not know (an older libcst) falls back to the default."""
    import libcst as cst

    if target_version is None:
        return cst.PartialParserConfig()
    try:
        return cst.PartialParserConfig(python_version=f"3.{target_version[3:]}")
    except ValueError:
        return cst.PartialParserConfig()


# -- the view -------------------------------------------------------------------------------

@dataclass
class View:
    """A rewrite of a text that the running Python's ``ast`` accepts (see the module doc)."""

    text: str
    string_ends: dict[int, int]
    #: (line, column, message) of errors in the text that the rewrite hides, first first.
    errors: list[tuple[int, int, str]] = field(default_factory=list)


_STRING_START = re.compile(r"(?i)(?<![\w])([rbuft]{0,2})('''|\"\"\"|'|\")")
_CODE = re.compile(
    r"""(?P<comment>\#[^\r\n]*)|(?P<string>(?:(?<![\w])[rRbBuUfFtT]{1,2})?['"])|(?P<name>[^\W\d]\w*)"""
    r"""|(?P<open>[(\[{])|(?P<close>[)\]}])|(?P<newline>\r\n|\r|\n)|(?P<continuation>\\(?:\r\n|\r|\n))"""
    r"""|(?P<op>!=|==|<=|>=|:=|->|\*\*|[!:=;,*])|(?P<number>\d[\w.]*)""")


_NAME = re.compile(r"[^\W\d]\w*")
_LINE_END = re.compile(r"[\r\n]|$")


class _Scanner:
    """Finds strings, brackets and the statements a view rewrites, in one pass over the text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.out = list(text)
        self.string_ends: dict[int, int] = {}
        self.convert_fstrings = _RUNNING < (3, 12)
        self.changed = False
        self.errors: list[tuple[int, int, str]] = []
        # Where each line starts, counting line breaks as the tokenizer does.
        self.line_starts = [0] + [match.end() for match in re.finditer(r"\r\n|\r|\n", text)]

    # code ----------------------------------------------------------------------------------
    def code(self, position: int, in_field: bool = False) -> tuple[int, str]:
        """Scan code from ``position``; in a replacement field, stop at the ``}``, ``!``,
        ``:`` or ``=`` that ends its expression. Returns (where it stopped, the stopper)."""
        text = self.text
        depth = 0
        collect = not in_field  # a field's tokens are no statement's
        tokens: list[tuple[str, int, int]] = []  # (kind or name, start, end) of this statement
        lambdas = 0  # lambdas at depth 0 whose `:` is still to come
        last: tuple[str, str] | None = None  # (kind, text) of the token before this one
        while True:
            match = _CODE.search(text, position)
            if match is None:
                self._statement(tokens)
                return len(text), ""
            kind, start, end = match.lastgroup, match.start(), match.end()
            value = match.group()
            position = end
            if kind == "comment" or kind == "continuation":
                continue
            if kind == "string":
                # A `case` pattern takes literal strings only ({"k": v}): they stay strings.
                position = self.string(start, plain_stays=bool(tokens) and tokens[0][0] == "case",
                                       juxtaposed=_ends_operand(last))
                tokens.append(("string", start, position))
                last = ("string", "")
                continue
            if kind == "newline":
                if depth == 0 and not in_field:
                    self._statement(tokens)
                    tokens = []
                    last = None
                continue
            last = (kind, value)
            if kind == "open":
                depth += 1
            elif kind == "close":
                if depth == 0 and in_field:
                    return start, value
                depth = max(depth - 1, 0)
            elif in_field and depth == 0 and kind == "op" and value in ("!", ":", "=", ":="):
                return start, value[0]  # `{x:=^9}`: a field's `:` ends it, even before `=`
            elif kind == "op" and value == ";" and depth == 0:
                self._statement(tokens)
                tokens = []
                continue
            elif kind == "name" and value == "lambda" and depth == 0:
                lambdas += 1
            elif kind == "op" and value == ":" and depth == 0 and collect:
                if lambdas:
                    lambdas -= 1
                elif _is_header(tokens):  # `if x: type X = int`: a statement after a header
                    tokens.append((value, start, end))
                    self._statement(tokens)
                    tokens = []
                    continue
            if collect:
                tokens.append((value if kind in ("name", "op", "open", "close") else kind, start, end))

    def error(self, position: int, message: str) -> None:
        """Record an error CPython reports at ``position`` that the view would hide."""
        line = bisect_right(self.line_starts, position)
        self.errors.append((line, position - self.line_starts[line - 1], message))

    def _statement(self, tokens: list[tuple[str, int, int]]) -> None:
        """Rewrite one logical line's newer syntax (its tokens at every bracket depth)."""
        if not tokens:
            return
        first = tokens[0][0]
        if first in ("async", "@"):
            tokens = tokens[1:] if first == "async" else tokens
        if not tokens:
            return
        head = tokens[0][0]
        if head in ("def", "class") and len(tokens) > 2 and tokens[2][0] == "[" and _RUNNING < (3, 13):
            self._blank_brackets(tokens, 2)
        elif head == "type" and len(tokens) > 2 and tokens[1][0].isidentifier() and tokens[2][0] in ("[", "=") \
                and _RUNNING < (3, 13):
            if tokens[2][0] == "[":
                self._blank_brackets(tokens, 2)
            if _RUNNING < (3, 12):  # `type X = v` -> `X = v`, the name moved onto the keyword
                name_start, name_end = tokens[1][1], tokens[1][2]
                self._put(tokens[0][1], name_end, self.text[name_start:name_end])
        elif head == "except":
            self._except(tokens)

    def _blank_brackets(self, tokens, index: int) -> None:
        depth, end = 0, None
        for kind, start, stop in tokens[index:]:
            depth += kind in ("[", "(", "{")
            depth -= kind in ("]", ")", "}")
            if depth == 0:
                end = stop
                break
        if end is not None:
            self._put(tokens[index][1], end, "")

    def _except(self, tokens) -> None:
        rest = tokens[1:]
        if rest and rest[0][0] == "*" and _RUNNING < (3, 11):
            self._put(rest[0][1], rest[0][2], "")
        if rest and rest[0][0] == "*":
            rest = rest[1:]
        if _RUNNING >= (3, 14) or any(kind == "as" for kind, _, _ in rest):
            return
        depth, comma = 0, None
        for kind, start, stop in rest:
            depth += kind in ("[", "(", "{")
            depth -= kind in ("]", ")", "}")
            if depth == 0 and kind == "," and comma is None:
                comma = start
            if depth == 0 and kind == ":":
                if comma is not None:
                    self._put(comma, start, "")
                return

    def _put(self, start: int, end: int, replacement: str) -> None:
        """Write ``replacement`` over ``text[start:end]``, padded with spaces; line breaks in
        the span stay, each continued with a backslash so the statement goes on."""
        self.changed = True
        for index in range(start, end):
            char = self.text[index]
            if char in "\r\n":
                self.out[index] = char
                if index > start and self.text[index - 1] not in "\r\n":
                    self.out[index - 1] = "\\"
            else:
                self.out[index] = " "
        for offset, char in enumerate(replacement):
            self.out[start + offset] = char

    # strings -------------------------------------------------------------------------------
    def string(self, start: int, plain_stays: bool = False, juxtaposed: bool = False) -> int:
        """Scan the string literal starting at ``start``; returns the index after it.
        ``plain_stays``: a string that is no f-string or t-string is not rewritten.
        ``juxtaposed``: it follows an operand (``print "x"``, Python 2's print), which no
        Python accepts: the view keeps it a plain string (an f-string's text blanked), so
        ``ast`` reports CPython's error there instead of reading ``print (  )`` as a call."""
        match = _STRING_START.match(self.text, start)
        if match is None:  # a quote after a name: scan it as a plain string
            prefix, quote = "", self.text[start]
            body = start + 1
        else:
            prefix, quote = match.group(1).lower(), match.group(2)
            body = match.end()
        if "f" in prefix or "t" in prefix:
            end = self._formatted(start, body, prefix, quote, blank=juxtaposed)
            return end
        end = self._plain_end(body, quote, "r" in prefix)
        plain_stays = plain_stays or juxtaposed
        if "r" not in prefix and "b" not in prefix:
            bad_escape = self._bad_escape(body, max(end - len(quote), body))
            if bad_escape:
                self.error(start, bad_escape)
        if self.convert_fstrings and not plain_stays and self.text.startswith(quote, end - len(quote)) \
                and end - len(quote) >= body:
            # An f-string becomes a parenthesised expression; so does every string, or
            # `f"{x}" "y"` would become `(x) "y"`, which no Python accepts.
            self._convert(start, end, [(start, "("), (end - 1, ")")], [])
        return end

    def _plain_end(self, position: int, quote: str, raw: bool) -> int:
        text = self.text
        single = len(quote) == 1
        while position < len(text):
            char = text[position]
            if char == "\\":
                position = self._escape_end(position, raw, fields=False)
                continue
            if single and char in "\r\n":
                return position  # unterminated: ast will say so
            if text.startswith(quote, position):
                return position + len(quote)
            position += 1
        return len(text)

    def _formatted(self, start: int, body: int, prefix: str, quote: str, blank: bool = False) -> int:
        """Scan an f-string or t-string whose body starts at ``body``; rewrite it when the
        running Python needs that (``blank``: into a plain string of blanks, its prefix blanked
        too). Returns the index after it."""
        text = self.text
        raw = "r" in prefix
        position = body
        marks: list[tuple[int, str]] = [(start, "(")]
        kept: list[tuple[int, int]] = []
        run = body  # where the current run of literal text starts
        bad_escape = None  # CPython reports it where the f-string ends, after its own tokens
        while position < len(text):
            if text.startswith(quote, position):
                if not raw:
                    bad_escape = bad_escape or self._bad_escape(run, position)
                if bad_escape:
                    self.error(position, bad_escape)
                position += len(quote)
                break
            char = text[position]
            if len(quote) == 1 and char in "\r\n":
                break  # unterminated: ast will say so
            if char == "\\":
                position = self._escape_end(position, raw)
            elif char == "{" and text.startswith("{{", position):
                position += 2
            elif char == "{":
                if not raw:
                    bad_escape = bad_escape or self._bad_escape(run, position)
                position = self._field(position, quote, raw, marks, kept)
                run = position
            else:
                if char == "}" and not text.startswith("}}", position):
                    self.error(position, "f-string: single '}' is not allowed")
                position += 1 + text.startswith("}}", position)
        end = position
        marks.append((end - 1, ")"))
        if not text.startswith(quote, end - len(quote)) or end - len(quote) < body:
            return end  # unterminated: left alone, ast will say so
        if blank:
            self._put(start, end, "")
            self.out[body - len(quote):body] = list(quote)
            self.out[end - len(quote):end] = list(quote)
        elif self.convert_fstrings or ("t" in prefix and _RUNNING < (3, 12)):
            self._convert(start, end, marks, kept)
        elif "t" in prefix and _RUNNING < (3, 14):
            where = start + prefix.index("t")
            self.out[where] = "f" if text[where] == "t" else "F"
            self.changed = True
        return end

    def _escape_end(self, position: int, raw: bool, fields: bool = True) -> int:
        r"""Where scanning goes on after the backslash at ``position``. The tokenizer keeps a
        backslash and the character after it together even in a raw string (``r"\""`` is
        one string), but in an f-string ``\{`` still opens a field and ``\}}`` is a ``}``
        (``fields``)."""
        text = self.text
        after = text[position + 1:position + 2]
        if fields and after in ("{", "}"):  # `f"\\{x}"`: a backslash (3.12+ warn), then a field
            return position + 1
        if not raw and text.startswith("\\N{", position):  # a named character: its braces are no field
            close = text.find("}", position)
            return close + 1 if close >= 0 else len(text)
        return position + (3 if text.startswith("\r\n", position + 1) else 2)

    def _bad_escape(self, start: int, end: int) -> str | None:
        """CPython's message for the first escape in ``text[start:end]`` (a non-raw string's
        literal text) that it cannot decode: ``\\N{unknown}``, a truncated ``\\x``... or None.
        The view blanks literal text, so its parse would not see them."""
        run = self.text[start:end]
        if "\\" not in run:
            return None
        if run.endswith("\\"):  # a backslash before a field stays one (its escape is checked)
            run += "{"
        with warnings.catch_warnings():  # invalid escapes only warn
            warnings.simplefilter("ignore")
            if not run.isascii():  # as CPython decodes: each non-ASCII character made a \\U escape first
                run = "".join(char if char.isascii() else f"\\U{ord(char):08x}" for char in run)
            try:
                codecs.decode(run.encode("ascii"), "unicode_escape")
            except UnicodeDecodeError as error:
                return (f"(unicode error) 'unicodeescape' codec can't decode bytes in position "
                        f"{error.start}-{error.end - 1}: {error.reason}")
        return None

    def _field(self, open_at: int, quote: str, raw: bool, marks: list, kept: list, spec_depth: int = 0) -> int:
        """Scan one replacement field ``{expression[=][!c][:spec]}`` (a spec may hold fields
        of its own); record where its brackets go in the view. Returns the index after it."""
        text = self.text
        marks.append((open_at, "("))
        stop, stopper = self.code(open_at + 1, in_field=True)
        kept.append((open_at + 1, stop))
        position = stop
        if stopper == "=":  # self-documenting: `=` then maybe `!r` / `:spec`
            position = self._blank_end(position + 1)
            stopper = text[position:position + 1]
        if stopper == "!":
            position = self._conversion(position)
            stopper = text[position:position + 1]
        if stopper == ":":
            if spec_depth == 2:  # 3.12+ accept `{x:{y:{z}}}`, not a spec one level deeper
                self.error(position, "f-string: expressions nested too deeply")
            position += 1
            while position < len(text) and text[position] != "}" and not text.startswith(quote, position):
                char = text[position]
                if len(quote) == 1 and char in "\r\n":
                    break
                if char == "\\":
                    position = self._escape_end(position, raw)
                elif char == "{":
                    position = self._field(position, quote, raw, marks, kept, spec_depth + 1)
                else:
                    position += 1
        if text.startswith("}", position):
            marks.append((position, ")"))
            return position + 1
        return position  # malformed: the view will not parse, and ast's verdict stands

    def _blank_end(self, position: int) -> int:
        """Where blanks, line breaks and comments from ``position`` end: 3.12+ allow them
        between a field's ``=`` and what follows (``{x = # why``, a line break, ``}``)."""
        text = self.text
        while position < len(text):
            if text[position] in " \t\r\n\f":
                position += 1
            elif text[position] == "#":
                position = _LINE_END.search(text, position).start()
            else:
                break
        return position

    def _conversion(self, bang: int) -> int:
        """Check the conversion after the ``!`` at ``bang`` as CPython 3.12+ do; returns
        where scanning goes on."""
        text = self.text
        name = _NAME.match(text, bang + 1)
        if name is None:  # CPython's messages and columns (sic: "exclamanation")
            if text[bang + 1:bang + 2] in (" ", "\t"):
                self.error(bang, "f-string: conversion type must come right after the exclamanation mark")
            else:
                self.error(bang + 1, "f-string: missing conversion character")
            return bang + 1
        if name.group() not in ("s", "r", "a"):
            self.error(name.start(), f"f-string: invalid conversion character {name.group()!r}: "
                                   "expected 's', 'r', or 'a'")
        position = name.end()
        while text[position:position + 1] in (" ", "\t"):  # `{x!r }`: 3.12 and 3.13 accept it
            position += 1
        return position

    def _convert(self, start: int, end: int, marks: list[tuple[int, str]], kept: list[tuple[int, int]]) -> None:
        """``f"a{x!r:>{w}}"`` -> ``(  (x   (w)))``: each replacement field becomes a
        parenthesised expression (a field inside a format spec a call on it: still an
        expression), literal text blanks; line breaks stay."""
        keep = bytearray(end - start)
        for first, stop in kept:  # expressions, already scanned (nested strings rewritten)
            keep[first - start:stop - start] = b"\1" * (stop - first)
        out, text = self.out, self.text
        for index in range(start, end):
            if not keep[index - start] and text[index] not in "\r\n":
                out[index] = " "
        for index, bracket in marks:
            out[index] = bracket
        first_line = bisect_right(self.line_starts, start)
        last_line = bisect_right(self.line_starts, end - 1)
        for line in range(first_line, last_line):  # the outermost string's end wins
            self.string_ends[line] = max(self.string_ends.get(line, 0), last_line)
        self.changed = True


def python_view(text: str) -> View | None:
    """The view of ``text`` (see the module doc), or None when nothing needs rewriting."""
    scanner = _Scanner(text)
    scanner.code(0)
    if not scanner.changed:
        return None
    return View("".join(scanner.out), scanner.string_ends, scanner.errors)


def _ends_operand(token: tuple[str, str] | None) -> bool:
    """Whether ``token`` (kind, text) ends an operand, after which a string literal is a
    syntax error in every Python: a name that is no keyword (``match``/``case`` may head a
    statement on a string), ``True``/``False``/``None``, a number, or a closing bracket."""
    if token is None:
        return False
    kind, text = token
    if kind == "name":
        return text in ("True", "False", "None") or not (keyword.iskeyword(text) or text in ("match", "case"))
    return kind in ("number", "close")


_HEADS = frozenset(("if", "elif", "else", "while", "for", "try", "except", "finally", "with", "class", "def",
                    "case"))


def _is_header(tokens: list[tuple[str, int, int]]) -> bool:
    """Whether ``tokens``, a statement's so far, before a ``:`` at depth 0 outside a lambda,
    are a compound statement's header: a simple statement may follow that ``:`` on the line.
    ``case`` is a soft keyword: a header only with a pattern (``case: int`` annotates).
    (``match`` is left out: nothing may follow its colon on the line.)"""
    if tokens and tokens[0][0] == "async":
        tokens = tokens[1:]
    if not tokens or tokens[0][0] not in _HEADS:
        return False
    return tokens[0][0] != "case" or len(tokens) > 1
