"""Output formats: exact text of ``full``/``concise``, JSON fields and 1-based columns."""

from __future__ import annotations

import json

import pytest

from mcplint.diagnostics import Applicability, Diagnostic, Edit, Fix, Position, RelatedLocation, Severity, Span
from mcplint.reporters import render, render_statistics, summary

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
        "filename": "server.py",
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
                "filename": "server.py",
                "location": {"row": 1, "column": 7},
                "end_location": {"row": 1, "column": 11},
                "message": "declared here",
            }
        ],
    }


def test_json_of_nothing_is_an_empty_array_and_fix_null() -> None:
    assert json.loads(render([], "json", read_source)) == []
    assert json.loads(render([diagnostic()], "json", read_source))[0]["fix"] is None


def test_json_lines_is_one_object_per_line_in_position_order() -> None:
    late = diagnostic()
    early = diagnostic(code="MCP101", span=DECLARED)
    lines = render([late, early], "json-lines", read_source).splitlines()
    assert [json.loads(line)["code"] for line in lines] == ["MCP101", "MCP202"]


def test_unknown_format_raises_value_error() -> None:
    with pytest.raises(ValueError, match="sarif"):
        render([], "sarif", read_source)


def test_statistics_counts_per_code_most_frequent_first() -> None:
    other = diagnostic(code="MCP101", name="required-argument-default")
    text = render_statistics([diagnostic(), other, other] + [diagnostic()] * 9)
    assert text == "10\tMCP202\tunguarded-argument-access\n 2\tMCP101\trequired-argument-default\n"


def test_statistics_json() -> None:
    assert json.loads(render_statistics([diagnostic()], "json")) == [
        {"code": "MCP202", "name": "unguarded-argument-access", "count": 1}
    ]


@pytest.mark.parametrize(("count", "line"), [(0, "All checks passed!"), (1, "Found 1 error."), (3, "Found 3 errors.")])
def test_summary_line(count: int, line: str) -> None:
    assert summary([diagnostic()] * count) == line
