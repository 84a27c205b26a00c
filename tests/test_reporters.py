"""Output formats: exact text of ``full``/``concise``, JSON fields and 1-based columns."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from mcplint.diagnostics import Applicability, Diagnostic, Edit, Fix, Position, RelatedLocation, Severity, Span
from mcplint import __version__
from mcplint.checks import ALL_RULES
from mcplint.reporters import render, render_statistics, summary

SCHEMAS = Path(__file__).resolve().parents[2] / "shared" / "schemas"
SARIF_SCHEMA = SCHEMAS / "sarif-schema-2.1.0.json"

SOURCE = 'def f(args):\n    language = args["language"]\n'
READ = Span(Position(2, 15), Position(2, 31))
DECLARED = Span(Position(1, 6), Position(1, 10))


def read_source(path: str) -> str | None:
    return SOURCE if path == "server.py" else None


def diagnostic(**changes) -> Diagnostic:
    values = dict(
        code="MCP202",
        name="unguarded-argument-access",
        message="`language` is read without a presence check.",
        path="server.py",
        span=READ,
    )
    return Diagnostic(**{**values, **changes})


def test_concise_is_one_headline_per_diagnostic_with_1_based_columns() -> None:
    other = diagnostic(code="MCP101", name="required-argument-default", message="m", span=DECLARED)
    assert render([diagnostic(), other], "concise", read_source) == (
        "server.py:1:7: MCP101 m\n"
        "server.py:2:16: MCP202 `language` is read without a presence check.\n"
    )


def test_full_shows_frame_caret_notes_and_help() -> None:
    fix = Fix("Use `args.get(\"language\")` and raise invalid params", (), Applicability.UNSAFE)
    related = (RelatedLocation("server.py", DECLARED, "declared required here"),)
    text = render([diagnostic(related=related, fix=fix)], "full", read_source)
    assert text == (
        "server.py:2:16: MCP202 `language` is read without a presence check.\n"
        "  |\n"
        '2 |     language = args["language"]\n'
        "  |                ^^^^^^^^^^^^^^^^ MCP202\n"
        "  |\n"
        "  = note: server.py:1:7: declared required here\n"
        '  = help: Use `args.get("language")` and raise invalid params\n'
        "\n"
    )


def test_full_without_source_leaves_out_the_frame() -> None:
    text = render([diagnostic(path="gone.py")], "full", read_source)
    assert text == "gone.py:2:16: MCP202 `language` is read without a presence check.\n\n"


def test_full_frame_of_a_point_span_has_one_caret() -> None:
    text = render([diagnostic(span=Span.point(2, 4))], "full", read_source)
    assert "  |     ^ MCP202\n" in text


@pytest.mark.parametrize(("separator", "shown"), [
    ("\f", "\u240c"), ("\v", "\u240b"), ("\x1c", "\u241c"), ("\x85", "\ufffd"), ("\u2028", "\u2028"),
    ("\u2029", "\u2029"),
])
def test_full_frame_counts_lines_as_python_does(separator: str, shown: str) -> None:
    # A form feed between sections (PEP 8) or a U+2028 in a comment is no line break for
    # CPython or libcst: the frame must still show the diagnostic's own line 3.
    source = f"def f(args):\n    {separator}\n    language = args['language']  # a{separator}b\n"
    span = Span(Position(3, 15), Position(3, 31))
    lines = render([diagnostic(span=span)], "full", lambda path: source).split("\n")
    assert lines[2] == f"3 |     language = args['language']  # a{shown}b"
    assert lines[3] == "  |                ^^^^^^^^^^^^^^^^ MCP202"


def test_full_frame_shows_control_characters_as_pictures_and_keeps_the_carets() -> None:
    source = 'def f(args):\n    x = "\x1b[2J\x00\x7f"; language = args["language"]\n'
    span = Span(Position(2, 26), Position(2, 42))
    lines = render([diagnostic(span=span)], "full", lambda path: source).splitlines()
    assert lines[2] == '2 |     x = "\u241b[2J\u2400\u2421"; language = args["language"]'
    assert lines[3] == "  |                           ^^^^^^^^^^^^^^^^ MCP202"


def test_full_frame_cuts_a_long_line_around_the_span_and_keeps_the_carets_under_it() -> None:
    # a minified or generated file: the frame shows 160 characters, 40 of them before the span
    source = "x = '" + "a" * 300 + "'; language = args['language']; y = '" + "b" * 300 + "'\n"
    column = source.index("args[")
    span = Span(Position(1, column), Position(1, column + 16))
    lines = render([diagnostic(span=span)], "full", lambda path: source).splitlines()
    shown = "…" + source[column - 40:column + 120] + "…"
    assert lines[2] == "1 | " + shown
    assert lines[3] == "  | " + " " * 41 + "^" * 16 + " MCP202"
    assert shown[41:57] == "args['language']"


def test_full_frame_of_a_long_line_starting_at_its_span_is_cut_on_the_right_only() -> None:
    source = "\x00" * 1000 + "\n"
    lines = render([diagnostic(span=Span.point(1, 0))], "full", lambda path: source).splitlines()
    assert lines[2] == "1 | " + "\u2400" * 160 + "…"
    assert lines[3] == "  | ^ MCP202"


def test_full_multi_line_span_marks_every_line() -> None:
    span = Span(Position(1, 0), Position(2, 12))
    lines = render([diagnostic(span=span)], "full", read_source).splitlines()
    assert lines[2:6] == [
        "1 | def f(args):",
        "  | ^^^^^^^^^^^^",
        '2 |     language = args["language"]',
        "  |     ^^^^^^^^ MCP202",
    ]


def test_json_fields_follow_ruff_with_1_based_columns() -> None:
    edit = Edit(READ, 'args.get("language")')
    fix = Fix("Use .get", (edit,), Applicability.UNSAFE)
    related = (RelatedLocation("server.py", DECLARED, "declared here"),)
    [obj] = json.loads(render([diagnostic(fix=fix, related=related, severity=Severity.WARNING)], "json", read_source))
    assert obj == {
        "code": "MCP202",
        "name": "unguarded-argument-access",
        "message": "`language` is read without a presence check.",
        "filename": os.path.abspath("server.py"),
        "location": {"row": 2, "column": 16},
        "end_location": {"row": 2, "column": 32},
        "fix": {
            "message": "Use .get",
            "applicability": "unsafe",
            "edits": [
                {
                    "content": 'args.get("language")',
                    "location": {"row": 2, "column": 16},
                    "end_location": {"row": 2, "column": 32},
                }
            ],
        },
        "url": "https://github.com/mcplint/mcplint/blob/main/rules/MCP202.md",
        "noqa_row": 2,
        "severity": "warning",
        "related": [
            {
                "filename": os.path.abspath("server.py"),
                "location": {"row": 1, "column": 7},
                "end_location": {"row": 1, "column": 11},
                "message": "declared here",
            }
        ],
    }


def test_text_formats_name_the_severity_of_warnings_and_infos_but_not_of_errors() -> None:
    findings = [diagnostic(), diagnostic(code="MCP101", span=DECLARED, message="m", severity=Severity.WARNING),
                diagnostic(code="MCP003", span=Span.point(3, 0), message="n", severity=Severity.INFO)]
    assert render(findings, "concise", read_source) == (
        "server.py:1:7: MCP101 warning: m\n"
        "server.py:2:16: MCP202 `language` is read without a presence check.\n"
        "server.py:3:1: MCP003 info: n\n")
    assert render(findings, "grouped", read_source) == (
        "server.py:\n"
        "  1:7  MCP101 warning: m\n"
        "  2:16 MCP202 `language` is read without a presence check.\n"
        "  3:1  MCP003 info: n\n\n")
    assert render(findings[1:2], "pylint", read_source) == "server.py:1: [MCP101] warning: m\n"
    assert render(findings[1:2], "full", read_source).splitlines()[0] == "server.py:1:7: MCP101 warning: m"


def test_a_fixable_warning_puts_the_marker_before_the_severity_word() -> None:
    fix = Fix("Use .get", (Edit(READ, 'args.get("language")'),), Applicability.SAFE)
    warning = diagnostic(fix=fix, severity=Severity.WARNING)
    assert render([warning], "concise", read_source) == (
        "server.py:2:16: MCP202 [*] warning: `language` is read without a presence check.\n")


def test_json_of_nothing_is_an_empty_array_and_fix_null() -> None:
    assert json.loads(render([], "json", read_source)) == []
    assert json.loads(render([diagnostic()], "json", read_source))[0]["fix"] is None


def test_json_lines_is_one_object_per_line_in_position_order() -> None:
    late = diagnostic()
    early = diagnostic(code="MCP101", span=DECLARED)
    lines = render([late, early], "json-lines", read_source).splitlines()
    assert [json.loads(line)["code"] for line in lines] == ["MCP101", "MCP202"]


def test_unknown_format_raises_value_error_naming_the_formats() -> None:
    with pytest.raises(ValueError, match="sarif, github, gitlab"):
        render([], "xml", read_source)


def test_statistics_counts_per_code_most_frequent_first() -> None:
    other = diagnostic(code="MCP101", name="required-argument-default")
    text = render_statistics([diagnostic(), other, other] + [diagnostic()] * 9)
    assert text == "10\tMCP202\tunguarded-argument-access\n 2\tMCP101\trequired-argument-default\n"


def test_statistics_json() -> None:
    assert json.loads(render_statistics([diagnostic()], "json")) == [
        {"code": "MCP202", "name": "unguarded-argument-access", "count": 1, "fixable": False, "fixable_count": 0}
    ]


def test_statistics_json_calls_a_code_fixable_when_some_of_its_findings_are_as_the_text_column_does() -> None:
    safe = diagnostic(fix=Fix("Guard it", (Edit(READ, "x"),), Applicability.SAFE))
    findings = [safe, diagnostic()]
    assert json.loads(render_statistics(findings, "json")) == [
        {"code": "MCP202", "name": "unguarded-argument-access", "count": 2, "fixable": True, "fixable_count": 1}
    ]
    assert render_statistics(findings) == "2\tMCP202\t[*] unguarded-argument-access\n"


def test_junit_writes_characters_xml_cannot_hold_as_escapes() -> None:
    from xml.etree import ElementTree

    odd = diagnostic(message="Argument 'a\x01\x1b\ufffe\ud800' is declared but never read")
    report = render([odd], "junit", read_source)
    failure = ElementTree.fromstring(report.split("\n", 1)[1]).find("testsuite/testcase/failure")
    # C0 controls are escaped in every message (mcplint.diagnostics.one_line), the rest by junit
    assert failure.get("message") == "Argument 'a\\x01\\x1b\\ufffe\\ud800' is declared but never read"


@pytest.mark.parametrize(("count", "line"), [(0, "All checks passed!"), (1, "Found 1 error."), (3, "Found 3 errors.")])
def test_summary_line(count: int, line: str) -> None:
    assert summary([diagnostic()] * count) == line


# --------------------------------------------------------------------------- SARIF


def sarif_findings() -> list[Diagnostic]:
    """One finding with a related location and a fix, one warning without either, one info."""
    edit = Edit(READ, 'args.get("language")')
    fix = Fix("Use .get", (edit,), Applicability.UNSAFE)
    related = (RelatedLocation("server.py", DECLARED, "declared here"),)
    return [
        diagnostic(fix=fix, related=related),
        diagnostic(code="MCP101", name="required-argument-default", span=DECLARED, severity=Severity.WARNING),
        diagnostic(path="pkg/a b.py", severity=Severity.INFO),
    ]


def sarif_log() -> dict:
    return json.loads(render(sarif_findings(), "sarif", read_source))


def test_sarif_validates_against_the_oasis_schema() -> None:
    if not SARIF_SCHEMA.is_file():
        pytest.skip(f"the SARIF 2.1.0 schema is not available at {SARIF_SCHEMA}")
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert schema["$schema"] == "http://json-schema.org/draft-04/schema#"
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(sarif_log()), key=str)
    assert [error.message for error in errors] == []


def test_sarif_driver_lists_every_rule_with_metadata() -> None:
    driver = sarif_log()["runs"][0]["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("mcplint", __version__)
    assert [rule["id"] for rule in driver["rules"]] == [rule.code for rule in ALL_RULES]
    mcp202 = next(rule for rule in driver["rules"] if rule["id"] == "MCP202")
    assert mcp202 == {
        "id": "MCP202",
        "name": "unguarded-argument-access",
        "shortDescription": {"text": next(r.summary for r in ALL_RULES if r.code == "MCP202")},
        "helpUri": "https://github.com/mcplint/mcplint/blob/main/rules/MCP202.md",
        "defaultConfiguration": {"level": "error"},
    }


def test_sarif_result_has_1_based_region_related_location_and_fix() -> None:
    run = sarif_log()["runs"][0]
    assert run["columnKind"] == "unicodeCodePoints"
    first = run["results"][2]  # output order: pkg/a b.py, then server.py 1:7 (MCP101), then this
    index = [rule.code for rule in ALL_RULES].index("MCP202")
    assert first == {
        "ruleId": "MCP202",
        "ruleIndex": index,
        "level": "error",
        "message": {"text": "`language` is read without a presence check."},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": "server.py"},
            "region": {"startLine": 2, "startColumn": 16, "endLine": 2, "endColumn": 32},
        }}],
        "relatedLocations": [{
            "id": 1,
            "physicalLocation": {
                "artifactLocation": {"uri": "server.py"},
                "region": {"startLine": 1, "startColumn": 7, "endLine": 1, "endColumn": 11},
            },
            "message": {"text": "declared here"},
        }],
        "fixes": [{
            "description": {"text": "Use .get"},
            "artifactChanges": [{
                "artifactLocation": {"uri": "server.py"},
                "replacements": [{
                    "deletedRegion": {"startLine": 2, "startColumn": 16, "endLine": 2, "endColumn": 32},
                    "insertedContent": {"text": 'args.get("language")'},
                }],
            }],
        }],
    }


def test_sarif_levels_follow_severity_and_uris_are_percent_encoded() -> None:
    results = sarif_log()["runs"][0]["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [("MCP202", "note"), ("MCP101", "warning"), ("MCP202", "error")]
    assert results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "pkg/a%20b.py"
    assert "relatedLocations" not in results[1] and "fixes" not in results[1]


def test_sarif_of_nothing_still_describes_the_tool() -> None:
    log = json.loads(render([], "sarif", read_source))
    assert log["version"] == "2.1.0"
    assert log["runs"][0]["results"] == []


# --------------------------------------------------------------------------- GitHub, GitLab


def test_github_workflow_commands_escape_data_and_properties() -> None:
    findings = [
        diagnostic(),
        diagnostic(code="MCP101", path="dir,x/a:b.py", span=DECLARED, severity=Severity.WARNING,
                   message="100% wrong\r\nsecond line, a: b"),
        diagnostic(severity=Severity.INFO, span=Span.point(2, 4)),
    ]
    assert render(findings, "github", read_source) == (
        "::warning file=dir%2Cx/a%3Ab.py,line=1,col=7,endLine=1,endColumn=11,title=MCP101"
        "::100%25 wrong\\r\\nsecond line, a: b\n"  # a message is one line (one_line)
        "::notice file=server.py,line=2,col=5,endLine=2,endColumn=5,title=MCP202"
        "::`language` is read without a presence check.\n"
        "::error file=server.py,line=2,col=16,endLine=2,endColumn=32,title=MCP202"
        "::`language` is read without a presence check.\n"
    )


def fingerprint(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def test_gitlab_code_quality_report() -> None:
    findings = [diagnostic(), diagnostic(code="MCP101", span=DECLARED, message="m", severity=Severity.INFO)]
    assert json.loads(render(findings, "gitlab", read_source)) == [
        {
            "description": "MCP101 m",
            "check_name": "MCP101",
            "fingerprint": fingerprint("server.py", "MCP101", "m"),
            "severity": "info",
            "location": {"path": "server.py", "lines": {"begin": 1, "end": 1}},
        },
        {
            "description": "MCP202 `language` is read without a presence check.",
            "check_name": "MCP202",
            "fingerprint": fingerprint("server.py", "MCP202", "`language` is read without a presence check."),
            "severity": "major",
            "location": {"path": "server.py", "lines": {"begin": 2, "end": 2}},
        },
    ]


def test_gitlab_fingerprint_ignores_the_line_and_separates_repeats() -> None:
    def prints(*findings: Diagnostic) -> list[str]:
        return [issue["fingerprint"] for issue in json.loads(render(list(findings), "gitlab", read_source))]

    [moved] = prints(diagnostic(span=Span.point(40, 4)))
    [here] = prints(diagnostic())
    assert moved == here
    first, second = prints(diagnostic(), diagnostic(span=Span.point(5, 0)))
    assert first == here and second == fingerprint("server.py", "MCP202", diagnostic().message, "1")
    [other] = prints(diagnostic(message="another message"))
    assert other != here


def test_rdjson_byte_columns_are_read_from_the_line_python_counts() -> None:
    # Line 2 holds a form feed: with str.splitlines line 3 would be read from "    \f" and
    # the UTF-8 column of the span after "é" would come out wrong.
    source = "def f(args):\n    \f\n    é = args['language']\n"
    span = Span(Position(3, 8), Position(3, 24))
    report = json.loads(render([diagnostic(span=span)], "rdjson", lambda path: source))
    assert report["diagnostics"][0]["location"]["range"] == {
        "start": {"line": 3, "column": 10}, "end": {"line": 3, "column": 26},
    }
