"""mcplint.parsing: libcst's parse without re-validating the parser's own nodes."""

import threading

import libcst as cst
import pytest

from mcplint.parsing import parse_module

SOURCE = 'import mcp\n\n@server.get_prompt()\nasync def get_prompt(name: str, arguments: dict | None):\n    return (arguments or {})["topic"]  # noqa: MCP101\n'


def test_the_tree_is_libcsts():
    tree = parse_module(SOURCE)
    assert tree.code == SOURCE
    assert tree.deep_equals(cst.parse_module(SOURCE))


def test_bytes_and_a_parser_configuration_are_passed_on():
    config = cst.PartialParserConfig(python_version="3.10")
    assert parse_module(SOURCE.encode(), config).code == SOURCE


def test_a_syntax_error_is_libcsts():
    with pytest.raises(cst.ParserSyntaxError):
        parse_module("def f(:\n")


def test_nodes_built_outside_a_parse_are_still_validated():
    parse_module(SOURCE)
    with pytest.raises(cst.CSTValidationError):
        cst.Integer("-1")


def test_other_threads_keep_validating_while_one_parses(monkeypatch):
    errors = []

    def build() -> None:
        try:
            cst.Integer("-1")
        except cst.CSTValidationError:
            errors.append("validated")

    original = cst.parse_module

    def parse_and_build(*args, **keywords):
        # Another thread builds a node while this one is inside parse_module.
        worker = threading.Thread(target=build)
        worker.start()
        worker.join()
        return original(*args, **keywords)

    monkeypatch.setattr(cst, "parse_module", parse_and_build)
    parse_module(SOURCE)
    assert errors == ["validated"]
