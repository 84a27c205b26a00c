"""MCP102 on a pydantic model built from the mapping points at the field that takes the key."""

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source

FIXTURE = Path(__file__).parent / "fixtures" / "MCP102" / "model_fields_mcp2.py"


def test_an_undeclared_model_field_is_related_to_its_definition() -> None:
    text = FIXTURE.read_text()
    found = [d for d in lint_source(text, FIXTURE, Settings(select=("ALL",), preview=True)) if d.code == "MCP102"]
    assert [d.span.start.line for d in found] == [33]
    assert [(r.span.start.line, r.message) for r in found[0].related] == [(9, "the field that takes 'lang'")]
