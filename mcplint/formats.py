"""The output formats ruff has beside the basic ones: ``grouped``, ``pylint``, ``junit``,
``rdjson`` and ``azure``, plus the ``[*]`` fix marker and the colours of the text formats.

Each renderer takes the diagnostics in output order and returns the whole report text,
shaped as ruff prints it (ruff 0.12, ``crates/ruff_linter/src/message/*.rs``):

* ``grouped``: per file a ``path:`` line, then ``  row:col CODE [*] message`` lines with
  the row and column padded to the file's widest, then a blank line.
* ``pylint``: ``path:row: [CODE] message`` (flake8's pylint formatter).

In ``full``, ``concise``, ``grouped`` and ``pylint`` a finding whose severity is not
``error`` starts its message with the word (``warning: ``, ``info: ``, as mypy and compilers
print it), so a configured ``[tool.mcplint.severity]`` shows where people read the report;
errors stay as ruff prints them (ruff has no other severity).
* ``junit``: JUnit XML, one ``<testsuite>`` per file and one failing ``<testcase>`` per
  finding (``name="org.mcplint.CODE"``, ``classname`` the path without its suffix, 1-based
  ``line`` and ``column``); one passing test case when there is nothing to report.
* ``rdjson``: reviewdog's Diagnostic Format (``DiagnosticResult`` of
  ``proto/rdf/reviewdog.proto``), each fix's edits as ``suggestions``. Columns are 1-based
  UTF-8 byte offsets as that format defines them (code points when the source is unreadable).
* ``azure``: Azure Pipelines ``##vso[task.logissue ...]`` logging commands.

This module imports nothing from :mod:`mcplint.reporters` (which dispatches to it).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from itertools import groupby
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

from mcplint.diagnostics import Diagnostic, Position, Severity, fix_applies, one_line
from mcplint.docs import rule_url
from mcplint.source_lines import source_lines

__all__ = ["PLAIN", "Palette", "fix_marker", "severity_label",
           "render_azure", "render_grouped", "render_junit", "render_pylint",
           "render_rdjson"]

TOOL_NAME = "mcplint"
TOOL_URL = "https://github.com/mcplint/mcplint"
ReadSource = Callable[[str], "str | None"]


class Palette:
    """ANSI styles of the text formats, as ruff colours them (path bold, code bold red,
    ``:`` and ``[*]`` cyan); with ``enabled`` false every method returns the text unchanged."""

    def __init__(self, enabled: bool = False) -> None:
        self.enabled = enabled

    def path(self, text: str) -> str:
        """A file path."""
        return click.style(text, bold=True) if self.enabled else text

    def code(self, text: str) -> str:
        """A rule code."""
        return click.style(text, fg="red", bold=True) if self.enabled else text

    def accent(self, text: str) -> str:
        """Separators and the fix marker."""
        return click.style(text, fg="cyan") if self.enabled else text

    def severity(self, text: str, severity: Severity) -> str:
        """A severity word: warnings yellow, infos blue."""
        if not self.enabled:
            return text
        return click.style(text, fg="yellow" if severity is Severity.WARNING else "blue", bold=True)


PLAIN = Palette()


def fix_marker(diagnostic: Diagnostic, unsafe: bool, palette: Palette = PLAIN) -> str:
    """``"[*] "`` when ``--fix`` (``--unsafe-fixes`` when ``unsafe``) would fix the finding,
    else ``""`` (ruff's fix status in ``full``, ``concise`` and ``grouped``)."""
    return f"[{palette.accent('*')}] " if fix_applies(diagnostic.fix, unsafe) else ""


def severity_label(diagnostic: Diagnostic, palette: Palette = PLAIN) -> str:
    """``"warning: "`` / ``"info: "`` before the message of a finding that is not an error,
    ``""`` for an error (the text formats' severity word; see the module docstring)."""
    if diagnostic.severity is Severity.ERROR:
        return ""
    return palette.severity(diagnostic.severity.value, diagnostic.severity) + ": "


def _by_file(diagnostics: list[Diagnostic]) -> Iterator[tuple[str, list[Diagnostic]]]:
    """Consecutive runs of diagnostics of the same file (the input is in output order)."""
    for path, group in groupby(diagnostics, key=lambda d: d.path):
        yield path, list(group)


# -- grouped ----------------------------------------------------------------------------------
def render_grouped(diagnostics: list[Diagnostic], unsafe: bool = False, palette: Palette = PLAIN) -> str:
    """ruff's ``grouped`` format (see the module docstring); 1-based columns."""
    out = []
    for path, group in _by_file(diagnostics):
        row_width = max(len(str(d.span.start.line)) for d in group)
        column_width = max(len(str(d.span.start.column + 1)) for d in group)
        out.append(f"{palette.path(one_line(path))}:\n")
        for d in group:
            row, column = str(d.span.start.line), str(d.span.start.column + 1)
            marker = fix_marker(d, unsafe, palette) + severity_label(d, palette)
            out.append(f"  {row:>{row_width}}{palette.accent(':')}{column:<{column_width}} "
                       f"{palette.code(d.code)} {marker}{d.message}\n")
        out.append("\n")
    return "".join(out)


# -- pylint -----------------------------------------------------------------------------------
def render_pylint(diagnostics: list[Diagnostic]) -> str:
    """``path:row: [CODE] message`` per finding."""
    return "".join(f"{one_line(d.path)}:{d.span.start.line}: [{d.code}] {severity_label(d)}{d.message}\n"
                   for d in diagnostics)


# -- azure ------------------------------------------------------------------------------------
_AZURE_TYPES = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "warning"}


def render_azure(diagnostics: list[Diagnostic]) -> str:
    """One ``##vso[task.logissue type=error;sourcepath=F;linenumber=L;columnnumber=C;code=X]message``
    per finding (Azure Pipelines logging commands, which know only error and warning; the
    values are escaped as azure-pipelines-task-lib does)."""
    lines = []
    for d in diagnostics:
        kind = _AZURE_TYPES.get(d.severity, "error")
        properties = (f"type={kind};sourcepath={_azure_escape(d.path)};linenumber={d.span.start.line};"
                      f"columnnumber={d.span.start.column + 1};code={d.code};")
        lines.append(f"##vso[task.logissue {properties}]{_azure_data(d.message)}\n")
    return "".join(lines)


def _azure_data(text: str) -> str:
    """Escape a logging command's message as azure-pipelines-task-lib does (``%``, CR, LF)."""
    return text.replace("%", "%AZP25").replace("\r", "%0D").replace("\n", "%0A")


def _azure_escape(text: str) -> str:
    """Escape a logging command's property value (as data, plus ``;`` and ``]``)."""
    return _azure_data(text).replace(";", "%3B").replace("]", "%5D")


# -- junit ------------------------------------------------------------------------------------
def render_junit(diagnostics: list[Diagnostic]) -> str:
    """A JUnit XML report (see the module docstring), indented by four spaces like ruff's."""
    from xml.etree import ElementTree  # only for this format

    root = ElementTree.Element("testsuites", name=TOOL_NAME, tests=str(len(diagnostics)),
                               failures=str(len(diagnostics)), errors="0")
    if not diagnostics:
        suite = _suite(root, TOOL_NAME, 0)
        ElementTree.SubElement(suite, "testcase", name="No errors found", classname=TOOL_NAME)
    for path, group in _by_file(diagnostics):
        suite = _suite(root, path, len(group))
        for d in group:
            line, column = str(d.span.start.line), str(d.span.start.column + 1)
            message = _xml_text(d.message)
            case = ElementTree.SubElement(suite, "testcase", name=f"org.{TOOL_NAME}.{d.code}",
                                          classname=_xml_text(os.path.splitext(path)[0]), line=line, column=column)
            failure = ElementTree.SubElement(case, "failure", message=message)
            failure.text = f"line {line}, col {column}, {message}"
    ElementTree.indent(root, space="    ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"


#: Characters XML 1.0 cannot hold even escaped (controls but tab/LF/CR, surrogates, U+FFFE/F).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_text(text: str) -> str:
    """``text`` with the characters XML cannot carry written as ``\\uXXXX`` (a name in the
    linted source may hold any of them; ElementTree would write them raw, breaking the file)."""
    return _NOT_XML.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def _suite(root: Element, name: str, failures: int) -> Element:
    """A ``<testsuite>`` with ruff's attributes (``package`` names the tool)."""
    from xml.etree import ElementTree

    return ElementTree.SubElement(root, "testsuite", name=_xml_text(name), tests=str(max(failures, 1)), disabled="0",
                                  errors="0", failures=str(failures), package=f"org.{TOOL_NAME}")


# -- rdjson -----------------------------------------------------------------------------------
_RDJSON_SEVERITIES = {Severity.ERROR: "ERROR", Severity.WARNING: "WARNING", Severity.INFO: "INFO"}


def render_rdjson(diagnostics: list[Diagnostic], read_source: ReadSource) -> str:
    """reviewdog's ``DiagnosticResult`` as indented JSON (keys sorted, as ruff prints it)."""
    lines_of: dict[str, list[str] | None] = {}

    def column(path: str, position: Position) -> int:
        """1-based UTF-8 byte column of ``position`` (code points + 1 without the source)."""
        if path not in lines_of:
            source = read_source(path)
            lines_of[path] = source_lines(source) if source is not None else None
        lines = lines_of[path]
        if lines is None or not 0 < position.line <= len(lines):
            return position.column + 1
        return len(lines[position.line - 1][:position.column].encode("utf-8", "surrogatepass")) + 1

    def where(path: str, start: Position, end: Position) -> dict[str, Any]:
        return {"start": {"line": start.line, "column": column(path, start)},
                "end": {"line": end.line, "column": column(path, end)}}

    result = {
        "source": {"name": TOOL_NAME, "url": TOOL_URL},
        "diagnostics": [_rdjson_diagnostic(d, where) for d in diagnostics],
    }
    return json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _rdjson_diagnostic(d: Diagnostic, where: Callable[[str, Position, Position], dict[str, Any]]) -> dict[str, Any]:
    """One reviewdog ``Diagnostic``: message, location, severity, code and fix suggestions."""
    entry: dict[str, Any] = {
        "message": d.message,
        "location": {"path": d.path, "range": where(d.path, d.span.start, d.span.end)},
        "severity": _RDJSON_SEVERITIES.get(d.severity, "ERROR"),
        "code": {"value": d.code, "url": rule_url(d.code)},
    }
    if d.fix is not None and d.fix.edits:
        entry["suggestions"] = [{"range": where(d.path, edit.span.start, edit.span.end), "text": edit.content}
                                for edit in d.fix.edits]
    return entry
