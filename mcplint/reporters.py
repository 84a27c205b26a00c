"""Turning diagnostics into text: ``full``, ``concise``, ``json``, ``json-lines``, ``sarif``,
``github``, ``gitlab``, statistics; ``grouped``, ``pylint``, ``junit``, ``rdjson`` and
``azure`` are in :mod:`mcplint.formats`.

Diagnostic columns are 0-based; every format here prints them 1-based, like ruff. The JSON
fields follow ruff's JSON output (``code``, ``name``, ``message``, ``filename``,
``location``, ``end_location``, ``fix``, ``url``, ``noqa_row``) plus ``severity`` and
``related``; keys are sorted and ``filename`` is absolute, as in ruff. ``sarif`` is SARIF 2.1.0 (OASIS standard) for
GitHub code scanning and other viewers, ``github`` prints GitHub Actions workflow commands
(annotations), ``gitlab`` is GitLab's Code Quality report (a Code Climate JSON subset).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable
from urllib.parse import quote

from mcplint import __version__
from mcplint.diagnostics import Diagnostic, Edit, Position, Severity, Span, fix_applies, one_line
from mcplint.docs import rule_url
from mcplint.source_lines import printable_line, source_lines
from mcplint.formats import (
    PLAIN,
    Palette,
    fix_marker,
    render_azure,
    render_grouped,
    render_junit,
    render_pylint,
    render_rdjson,
    severity_label,
)

if TYPE_CHECKING:
    from mcplint.config import Settings

FORMATS = ("full", "concise", "grouped", "json", "json-lines", "junit", "pylint", "rdjson", "azure", "sarif",
           "github", "gitlab")
#: The formats read by people: they get the summary line, the fix hint and colour.
TEXT_FORMATS = ("full", "concise", "grouped")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
TOOL_URI = "https://github.com/mcplint/mcplint"
#: The widest source line a code frame prints, and how much of it is kept before the span.
_MAX_FRAME_WIDTH, _FRAME_CONTEXT = 160, 40
_MAX_FRAME_LINES = 6

ReadSource = Callable[[str], "str | None"]


def render(diagnostics: list[Diagnostic], fmt: str, read_source: ReadSource, *, unsafe: bool = False,
           palette: Palette = PLAIN) -> str:
    """The report of ``diagnostics`` in format ``fmt`` (one of :data:`FORMATS`).

    ``read_source(path)`` returns a file's text for the ``full`` code frames (and rdjson's
    byte columns), or None when it cannot (the frame is then left out). ``unsafe``: unsafe
    fixes count as applicable for the ``[*]`` marker (``--unsafe-fixes``); ``palette``
    colours the text formats. The result ends with a newline unless empty (``json`` always
    gives at least ``[]``). Raises ValueError for an unknown format.
    """
    ordered = sorted(diagnostics, key=lambda d: d.sort_key)
    other = _other_format(ordered, fmt, read_source, unsafe, palette)
    if other is not None:
        return other
    if fmt == "json":
        return json.dumps([to_json(d) for d in ordered], indent=2, sort_keys=True) + "\n"
    if fmt == "json-lines":
        return "".join(json.dumps(to_json(d), sort_keys=True) + "\n" for d in ordered)
    if fmt == "concise":
        return "".join(_headline(d, unsafe, palette) + "\n" for d in ordered)
    if fmt == "full":
        return "".join(_full(d, read_source, unsafe, palette) + "\n" for d in ordered)
    if fmt == "sarif":
        return json.dumps(to_sarif(ordered), indent=2) + "\n"
    if fmt == "github":
        return "".join(_github_command(d) + "\n" for d in ordered)
    if fmt == "gitlab":
        return json.dumps(to_gitlab(ordered), indent=2) + "\n"
    raise ValueError(f"unknown output format {fmt!r}; expected one of {', '.join(FORMATS)}")


def _other_format(ordered: list[Diagnostic], fmt: str, read_source: ReadSource, unsafe: bool,
                  palette: Palette) -> str | None:
    """The formats of :mod:`mcplint.formats`, or None for the ones rendered here."""
    if fmt == "grouped":
        return render_grouped(ordered, unsafe, palette)
    if fmt == "pylint":
        return render_pylint(ordered)
    if fmt == "junit":
        return render_junit(ordered)
    if fmt == "rdjson":
        return render_rdjson(ordered, read_source)
    if fmt == "azure":
        return render_azure(ordered)
    return None


def render_statistics(diagnostics: list[Diagnostic], fmt: str = "full", unsafe: bool = False) -> str:
    """Counts per code, most frequent first, like ``ruff --statistics``.

    Text: one ``count<TAB>code<TAB>[*] name`` line per code, columns padded; the fixable
    column (``[*] `` when ``--fix`` would fix some of the code's findings, else ``[ ] ``)
    appears only when some code is fixable, as in ruff. With ``fmt`` json or json-lines: a
    JSON array of ``{"code", "name", "count", "fixable", "fixable_count"}`` objects
    (``fixable``: some finding of the code is fixable, as the text's ``[*]``; ``fixable_count``:
    how many). ``unsafe``: unsafe fixes count.
    """
    names = {d.code: d.name for d in diagnostics}
    fixable = Counter(d.code for d in diagnostics if fix_applies(d.fix, unsafe))
    rows = sorted(Counter(d.code for d in diagnostics).items(), key=lambda item: (-item[1], item[0]))
    if fmt in ("json", "json-lines"):
        objects = [{"code": code, "count": count, "fixable": fixable[code] > 0,
                    "fixable_count": fixable[code], "name": names[code]} for code, count in rows]
        return json.dumps(objects, indent=2) + "\n"
    width = max((len(str(count)) for _, count in rows), default=0)
    code_width = max((len(code) for code, _ in rows), default=0)

    def marker(code: str) -> str:
        return ("[*] " if fixable[code] else "[ ] ") if fixable else ""

    return "".join(f"{count:>{width}}\t{code:<{code_width}}\t{marker(code)}{names[code]}\n" for code, count in rows)


def summary(diagnostics: list[Diagnostic]) -> str:
    """The closing line of a text report: ``All checks passed!`` or the count per severity,
    errors first: ``Found 3 errors.``, ``Found 2 errors and 1 warning.``, ``Found 1 error,
    2 warnings and 1 info.``, ``Found 1 warning.``."""
    return f"Found {severity_counts(diagnostics)}." if diagnostics else "All checks passed!"


def severity_counts(diagnostics: list[Diagnostic]) -> str:
    """``3 errors``, ``2 errors and 1 warning``, ``1 error, 2 warnings and 1 info`` (errors
    first; a severity without findings is left out; ``0 errors`` for no findings)."""
    counts = Counter(d.severity for d in diagnostics)
    parts = [_plural(counts[severity], severity.value) for severity in Severity if counts[severity]] or ["0 errors"]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _plural(count: int, word: str) -> str:
    """``1 error``, ``2 errors``, ``2 infos``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def to_json(diagnostic: Diagnostic) -> dict[str, Any]:
    """One diagnostic as a JSON-ready dict (1-based rows and columns; ``filename`` absolute,
    as ruff writes it, except ``-`` for unnamed stdin)."""
    return {
        "code": diagnostic.code,
        "name": diagnostic.name,
        "message": diagnostic.message,
        "filename": json_filename(diagnostic.path),
        "location": _location(diagnostic.span.start),
        "end_location": _location(diagnostic.span.end),
        "fix": _fix_json(diagnostic),
        "url": rule_url(diagnostic.code),
        "noqa_row": diagnostic.suppression_line,
        "severity": diagnostic.severity.value,
        "related": [
            {
                "filename": json_filename(related.path),
                "location": _location(related.span.start),
                "end_location": _location(related.span.end),
                "message": related.message,
            }
            for related in diagnostic.related
        ],
    }


def json_filename(path: str) -> str:
    """A path as the JSON formats give it: absolute, as ruff's ``filename`` (made absolute
    against the working directory, not resolved through symlinks); ``-``, stdin without
    ``--stdin-filename``, stays ``-`` as in ruff."""
    return path if path == "-" else os.path.abspath(path)


def _location(position: Position) -> dict[str, int]:
    """``{"row", "column"}``, both 1-based."""
    return {"row": position.line, "column": position.column + 1}


def _fix_json(diagnostic: Diagnostic) -> dict[str, Any] | None:
    """The fix as ruff's JSON shape, or None."""
    fix = diagnostic.fix
    if fix is None:
        return None
    edits = [
        {
            "content": edit.content,
            "location": _location(edit.span.start),
            "end_location": _location(edit.span.end),
        }
        for edit in fix.edits
    ]
    return {"message": fix.title, "applicability": fix.applicability.value, "edits": edits}


def _where(path: str, position: Position, palette: Palette = PLAIN) -> str:
    """``path:line:col`` with a 1-based column."""
    colon = palette.accent(":")
    return f"{palette.path(one_line(path))}{colon}{position.line}{colon}{position.column + 1}"


def _headline(diagnostic: Diagnostic, unsafe: bool = False, palette: Palette = PLAIN) -> str:
    """``path:line:col: CODE [*] message`` (``[*]`` when ``--fix`` would fix it; a warning's
    or info's message starts with ``warning: `` / ``info: ``)."""
    marker = fix_marker(diagnostic, unsafe, palette)
    return (f"{_where(diagnostic.path, diagnostic.span.start, palette)}{palette.accent(':')} "
            f"{palette.code(diagnostic.code)} {marker}{severity_label(diagnostic, palette)}{diagnostic.message}")


def _full(diagnostic: Diagnostic, read_source: ReadSource, unsafe: bool = False, palette: Palette = PLAIN) -> str:
    """Headline, code frame, related notes and fix help of one diagnostic."""
    parts = [_headline(diagnostic, unsafe, palette)]
    source = read_source(diagnostic.path)
    if source is not None:
        parts.extend(_frame(source_lines(source), diagnostic.span, diagnostic.code))
    for related in diagnostic.related:
        parts.append(f"  = note: {_where(related.path, related.span.start)}: {related.message}")
    if diagnostic.fix is not None:
        parts.append(f"  = help: {diagnostic.fix.title}")
    return "\n".join(parts) + "\n"


def _frame(lines: list[str], span: Span, code: str) -> list[str]:
    """The span's lines, numbered, each followed by a ``^^^`` line under its part of the span.

    ``lines`` are :func:`~mcplint.source_lines.source_lines`; each is shown through
    :func:`~mcplint.source_lines.printable_line`, so a control character in the source can
    neither move the carets nor reach the terminal. At most :data:`_MAX_FRAME_LINES` lines
    are shown; the code follows the last caret.
    """
    first, last = span.start.line, min(span.end.line, len(lines))
    if first < 1 or first > len(lines):
        return []
    shown = range(first, min(last, first + _MAX_FRAME_LINES - 1) + 1)
    width = len(str(shown[-1]))
    gutter = " " * width + " |"
    out = [gutter]
    for number in shown:
        text = lines[number - 1]
        start = span.start.column if number == first else len(text) - len(text.lstrip())
        end = span.end.column if number == span.end.line else len(text)
        text, start, end = _clipped(text, start, end)
        marker = _caret(text, start, end, at_least=int(number == first))
        marker += f" {code}" if number == shown[-1] else ""
        out += [f"{number:>{width}} | {printable_line(text)}", f"{gutter} {marker}"]
    return out + [gutter]


def _clipped(text: str, start: int, end: int) -> tuple[str, int, int]:
    """A line longer than :data:`_MAX_FRAME_WIDTH` cut to that many characters around the
    span's start (a minified file's one line is not printed whole), an ellipsis marking each
    cut side; ``start``/``end`` moved to the cut text."""
    if len(text) <= _MAX_FRAME_WIDTH:
        return text, start, end
    left = max(0, min(start - _FRAME_CONTEXT, len(text) - _MAX_FRAME_WIDTH))
    right = left + _MAX_FRAME_WIDTH
    prefix, suffix = ("…" if left else ""), ("…" if right < len(text) else "")
    shift = len(prefix) - left
    return (prefix + text[left:right] + suffix, max(start + shift, len(prefix)),
            min(end, right) + shift)


def _caret(text: str, start: int, end: int, at_least: int) -> str:
    """Spaces up to ``start`` (tabs kept so alignment holds), then ``^`` up to ``end``
    (at least ``at_least`` of them)."""
    start = min(start, len(text))
    padding = "".join("\t" if char == "\t" else " " for char in text[:start])
    return padding + "^" * max(at_least, min(end, len(text)) - start)


# -- SARIF 2.1.0 ------------------------------------------------------------------------------
_SARIF_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def to_sarif(diagnostics: list[Diagnostic]) -> dict[str, Any]:
    """A SARIF 2.1.0 log with one run: mcplint's rules and one result per diagnostic.

    The run declares ``columnKind: unicodeCodePoints``, so regions carry our code-point
    columns, made 1-based as SARIF requires (SARIF 2.1.0 section 3.30.2). Every registered
    rule is listed in ``tool.driver.rules`` (id, name, descriptions, ``helpUri``, default
    level ``error``); results point at their rule by ``ruleId`` and ``ruleIndex``.
    """
    from mcplint.checks import ALL_RULES

    rules = [_sarif_rule(rule.code, rule.name, rule.summary) for rule in ALL_RULES]
    index = {rule.code: position for position, rule in enumerate(ALL_RULES)}
    driver = {
        "name": "mcplint",
        "version": __version__,
        "semanticVersion": __version__,
        "informationUri": TOOL_URI,
        "rules": rules,
    }
    run = {
        "tool": {"driver": driver},
        "columnKind": "unicodeCodePoints",
        "results": [_sarif_result(d, index) for d in diagnostics],
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _sarif_rule(code: str, name: str, summary: str) -> dict[str, Any]:
    """One ``reportingDescriptor`` of ``tool.driver.rules``."""
    return {
        "id": code,
        "name": name,
        "shortDescription": {"text": summary},
        "helpUri": rule_url(code),
        "defaultConfiguration": {"level": "error"},
    }


def _sarif_result(diagnostic: Diagnostic, rule_index: dict[str, int]) -> dict[str, Any]:
    """One SARIF ``result``: rule, level, message, location, related locations and fix."""
    result: dict[str, Any] = {
        "ruleId": diagnostic.code,
        "level": _SARIF_LEVELS.get(diagnostic.severity, "error"),
        "message": {"text": diagnostic.message},
        "locations": [{"physicalLocation": _sarif_physical(diagnostic.path, diagnostic.span)}],
    }
    if diagnostic.code in rule_index:
        result["ruleIndex"] = rule_index[diagnostic.code]
    if diagnostic.related:
        result["relatedLocations"] = [
            {"id": number, "physicalLocation": _sarif_physical(item.path, item.span), "message": {"text": item.message}}
            for number, item in enumerate(diagnostic.related, start=1)
        ]
    if diagnostic.fix is not None and diagnostic.fix.edits:
        result["fixes"] = [_sarif_fix(diagnostic.path, diagnostic.fix.title, diagnostic.fix.edits)]
    return result


def _sarif_physical(path: str, span: Span) -> dict[str, Any]:
    """``{"artifactLocation": {"uri"}, "region": {...}}`` with 1-based lines and columns."""
    return {"artifactLocation": {"uri": artifact_uri(path)}, "region": _sarif_region(span)}


def _sarif_region(span: Span) -> dict[str, int]:
    """A SARIF region: 1-based ``startLine``/``startColumn``, exclusive 1-based ``endColumn``."""
    return {
        "startLine": span.start.line,
        "startColumn": span.start.column + 1,
        "endLine": span.end.line,
        "endColumn": span.end.column + 1,
    }


def _sarif_fix(path: str, title: str, edits: tuple[Edit, ...]) -> dict[str, Any]:
    """A SARIF ``fix``: one artifact change whose replacements are the fix's edits."""
    replacements = [
        {"deletedRegion": _sarif_region(edit.span), "insertedContent": {"text": edit.content}}
        for edit in edits
    ]
    change = {"artifactLocation": {"uri": artifact_uri(path)}, "replacements": replacements}
    return {"description": {"text": title}, "artifactChanges": [change]}


def artifact_uri(path: str) -> str:
    """The SARIF ``uri`` of a file: relative paths as percent-encoded POSIX URI references
    (relative to where mcplint ran, which code scanning takes as the checkout root); an
    absolute path under the working directory is made relative, any other absolute path
    becomes a ``file://`` URI."""
    relative = report_path(path)
    if os.path.isabs(relative):
        return Path(relative).as_uri()
    return quote(Path(relative).as_posix(), safe="/")


def report_path(path: str) -> str:
    """``path`` relative to the working directory when it is absolute and under it; else as given."""
    if not os.path.isabs(path):
        return path
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return path if relative.startswith("..") else relative


# -- GitHub Actions workflow commands ---------------------------------------------------------
_GITHUB_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _github_command(diagnostic: Diagnostic) -> str:
    """``::error file=F,line=L,col=C,endLine=L,endColumn=C,title=MCPxxx::message``.

    Columns are 1-based; values are escaped as the GitHub Actions toolkit does
    (``%``, CR, LF everywhere; ``:`` and ``,`` too inside properties).
    """
    start, end = diagnostic.span.start, diagnostic.span.end
    properties = {
        "file": diagnostic.path,
        "line": start.line,
        "col": start.column + 1,
        "endLine": end.line,
        "endColumn": end.column + 1,
        "title": diagnostic.code,
    }
    joined = ",".join(f"{key}={_escape_property(str(value))}" for key, value in properties.items())
    level = _GITHUB_LEVELS.get(diagnostic.severity, "error")
    return f"::{level} {joined}::{_escape_data(diagnostic.message)}"


def _escape_data(text: str) -> str:
    """Escape a workflow command's message (``%``, ``\\r``, ``\\n``)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """Escape a workflow command's property value (as data, plus ``:`` and ``,``)."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


# -- GitLab Code Quality ----------------------------------------------------------------------
_GITLAB_SEVERITIES = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def to_gitlab(diagnostics: list[Diagnostic]) -> list[dict[str, Any]]:
    """GitLab's Code Quality report: one issue per diagnostic (``diagnostics`` in output order).

    ``fingerprint`` hashes the path, code and message (not the line, so an issue keeps its
    fingerprint when code above it moves); the n-th repeat of the same triple in a file
    adds n, so two identical findings in one file stay distinct issues.
    """
    seen: Counter[tuple[str, str, str]] = Counter()
    issues = []
    for diagnostic in diagnostics:
        path = report_path(diagnostic.path)
        identity = (path, diagnostic.code, diagnostic.message)
        repeat = seen[identity]
        seen[identity] += 1
        issues.append({
            "description": f"{diagnostic.code} {diagnostic.message}",
            "check_name": diagnostic.code,
            "fingerprint": gitlab_fingerprint(*identity, repeat),
            "severity": _GITLAB_SEVERITIES.get(diagnostic.severity, "major"),
            "location": {
                "path": Path(path).as_posix(),
                "lines": {"begin": diagnostic.span.start.line, "end": diagnostic.span.end.line},
            },
        })
    return issues


def gitlab_fingerprint(path: str, code: str, message: str, repeat: int = 0) -> str:
    """A stable issue id: the first 32 hex digits of the SHA-256 of the fields, NUL-separated."""
    parts = [Path(path).as_posix(), code, message] + ([str(repeat)] if repeat else [])
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


# -- --show-settings --------------------------------------------------------------------------


def render_settings(anchor: Path, settings: Settings, *, cache_directory: Path | None) -> str:
    """``--show-settings``: the settings in force for ``anchor`` (a file or folder), one
    ``key = value`` per line after a header naming the config, project root, mcplint's
    version, the pinned framework versions and the enabled codes. ``cache_directory`` is
    the cache folder, or None when ``--no-cache`` disables it.
    """
    from mcplint.checks import ALL_RULES
    from mcplint.config import enabled_codes
    from mcplint.versions import pinned_versions

    pins = pinned_versions(anchor, settings)
    codes = sorted(enabled_codes(settings, ALL_RULES, anchor if anchor.is_file() else None))
    lines = [
        f"Settings for: {anchor}",
        f"Config file: {settings.config_path if settings.config_path is not None else 'none (defaults)'}",
        f"Project root: {settings.project_root if settings.project_root is not None else _no_root()}",
        f"mcplint version: {__version__}",
        f"mcp version: {_version_fact(pins.mcp)}",
        f"fastmcp version: {_version_fact(pins.fastmcp)}",
        f"Cache: {_cache_fact(cache_directory, settings)}",
        f"Enabled codes: {', '.join(codes) if codes else 'none'}",
        "",
        f"select = {_toml_value(settings.select) if settings.select is not None else 'default'}",
        f"extend-select = {_toml_value(settings.extend_select)}",
        f"ignore = {_toml_value(settings.ignore)}",
        *(f"command line: select = {_toml_value(select) if select is not None else 'as above'}, "
          f"extend-select = {_toml_value(extend)}, ignore = {_toml_value(ignore)}"
          for select, extend, ignore in settings.command_line_selection),
        f"per-file-ignores = {_toml_value(dict(settings.per_file_ignores))}",
        f"exclude = {_toml_value(settings.exclude)}",
        f"extend-exclude = {_toml_value(settings.extend_exclude)}",
        f"mcp-version = {_toml_value(settings.mcp_version)}",
        f"fastmcp-version = {_toml_value(settings.fastmcp_version)}",
        f"preview = {_toml_value(settings.preview)}",
        f"severity = {_toml_value(dict(settings.severity))}",
        f"respect-gitignore = {_toml_value(settings.respect_gitignore)}",
        f"fixable = {_toml_value(settings.fixable) if settings.fixable is not None else 'all'}",
        f"unfixable = {_toml_value(settings.unfixable)}",
        f"extend-fixable = {_toml_value(settings.extend_fixable)}",
        f"ignore-noqa = {_toml_value(settings.ignore_noqa)}",
    ]
    return "\n".join(lines) + "\n"


def _no_root() -> str:
    """The project root line without a config: what relative patterns are read from instead."""
    return f"none (no config file: relative patterns are read from the working directory, {os.getcwd()})"


def _cache_fact(cache_directory: Path | None, settings: Settings) -> str:
    """The cache line: the folder (in the project root, else beside the linted paths), or disabled."""
    if cache_directory is None:
        return "disabled"
    if settings.project_root is None:
        return f"{cache_directory} (in the folder holding the linted paths: there is no project root)"
    return str(cache_directory)


def _version_fact(fact: Any) -> str:
    """``1.9 (uv.lock)``, ``2 (implied by fastmcp 2)`` or ``not pinned``."""
    if fact is None:
        return "not pinned"
    number = f"{fact.major}" if fact.minor is None else f"{fact.major}.{fact.minor}"
    return f"{number} ({fact.source})"


def _toml_value(value: Any) -> str:
    """A value spelt as in ``pyproject.toml`` (``none`` for an unset one)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value))
