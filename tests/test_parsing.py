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


# -- the cheaper node classes (mcplint.parsing's module docstring) ----------------------------
def _node_classes() -> list[type]:
    found, pending = [], [cst.CSTNode]
    while pending:
        cls = pending.pop()
        if cls not in found:
            found.append(cls)
            pending.extend(cls.__subclasses__())
    return found


def test_every_node_class_keeps_its_dataclass_signature():
    import dataclasses
    import inspect

    checked = 0
    for cls in _node_classes():
        if inspect.isabstract(cls):
            continue
        parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
        fields = dataclasses.fields(cls)
        assert [p.name for p in parameters] == [f.name for f in fields], cls
        for parameter, field in zip(parameters, fields):
            if field.default is not dataclasses.MISSING:
                assert parameter.default is field.default, (cls, field.name)
            elif field.default_factory is dataclasses.MISSING:
                assert parameter.default is inspect.Parameter.empty, (cls, field.name)
        checked += 1
    assert checked > 250


def test_default_factories_give_each_node_a_fresh_value():
    first, second = cst.Arg(cst.Name("a")), cst.Arg(cst.Name("b"))
    assert first.whitespace_after_arg.deep_equals(cst.SimpleWhitespace(""))
    assert first.whitespace_after_arg is not second.whitespace_after_arg
    assert cst.Arg(value=cst.Name("a"), star="*").star == "*"


def test_positional_and_keyword_construction_agree():
    by_position = cst.Attribute(cst.Name("a"), cst.Name("b"))
    by_keyword = cst.Attribute(value=cst.Name("a"), attr=cst.Name("b"))
    assert by_position.deep_equals(by_keyword)
    with pytest.raises(TypeError):
        cst.Attribute(cst.Name("a"))  # a field without a default is required, as before


def test_fields_stay_frozen():
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        cst.Name("a").value = "b"


def test_isinstance_follows_the_class_hierarchy_only():
    tree = parse_module(SOURCE)
    classes = _node_classes()
    nodes = [tree]
    seen = 0
    while nodes:
        node = nodes.pop()
        nodes.extend(node.children)
        for cls in classes:
            assert isinstance(node, cls) == (cls in type(node).__mro__)
            seen += 1
    assert seen > 10_000
    assert issubclass(cst.Name, cst.BaseExpression) and not issubclass(cst.Name, cst.BaseStatement)


def test_abstract_node_classes_stay_uninstantiable():
    with pytest.raises(TypeError):
        cst.BaseExpression()


def test_a_class_derived_from_a_node_class_and_abc_is_still_possible():
    from abc import ABC

    class Marked(cst.Name, ABC):
        pass

    assert isinstance(Marked("x"), cst.Name)
