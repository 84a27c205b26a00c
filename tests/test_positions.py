"""mcplint.positions: ranges equal libcst's PositionProvider for every node, on awkward layouts."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from mcplint.model.module_info import walk
from mcplint.positions import PositionIndex

LAYOUTS = {
    "decorators and comments": (
        "import os\n\n# leading comment\n\n@decorator  # trailing\n# between decorators\n@other(\n    1,\n)\n"
        "async def handler(name: str, arguments: dict | None) -> list:\n    # in body\n    x = 1; y = 2\n"
        "    return [x, y]\n"
    ),
    "elif chain with comments": (
        "def f(name, args):\n    if name == 'a':\n        return args['a']\n    # before elif\n"
        "    elif (\n        name == 'b'\n    ):\n        return args.get('b')\n    else:\n        raise ValueError(name)\n"
    ),
    "try, except*, finally, else": (
        "try:\n    import x\nexcept (ImportError,\n        ValueError) as e:\n    pass\nelse:\n    y = 1\n"
        "finally:\n    z = 2\n\ntry:\n    pass\nexcept* OSError:\n    pass\n"
    ),
    "match with guards and nested indents": (
        "class C:\n  def m(self, tool):\n      match tool:\n          case 'a' if self:\n                return 1\n"
        "          case {'k': v}:\n                return v\n          case _:\n                raise KeyError(tool)\n"
    ),
    "one-line suites and semicolons": "if a: b = 1; c = 2\nelse: d = 3\nwhile x: pass\nfor i in y: print(i)\n",
    "backslash continuation and strings": (
        'x = 1 + \\\n    2\ns = """multi\nline""" + f"{x}"\nt = ("a"\n     "b")\n'
    ),
    "tabs and form feed": "def f():\n\tif x:\n\t\treturn 1\n\f\ndef g():\n    return 2\n",
    "CRLF line endings": "def f(a):\r\n    if a:\r\n        return a['k']\r\n    return None\r\n",
    "no trailing newline": "def f(a):\n    try:\n        return a\n    finally:\n        pass",
    "trailing comments in blocks": "def f():\n    x = 1\n    # dangling\n\n# module footer\n",
    "expression anchors": (
        "def list_prompts():\n    return [\n        Prompt(name='é😀', arguments=[Arg(name='x', required=True),\n"
        "                                      Arg(*more, name='y', **extra)]),\n        *others,\n"
        "        (Prompt(name='p')),\n        Prompt(name='q', description=('a'\n                                      'b')),\n    ]\n"
        "X = {'k': [1, {'n': f(a, *b, c=d, **e)}], **rest}; Y = sum(i for i in X)\n"
        "T = 1, (2, g(h=[3]))\nZ: dict = {'ü': call(k=v)}\nX += [\tz(w=1)]\n"
        "print('ü', f'{x}', k=[\n    y],\n    *args)\n"
    ),
    "nested functions and lambdas": (
        "def outer():\n    def inner(a=lambda: 1):\n        with open(p) as fh, ctx():\n            return [i for i in fh if i]\n"
        "    return inner\n"
    ),
}


def _assert_same_ranges(text: str) -> PositionIndex:
    module = cst.parse_module(text)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    index = PositionIndex(module, text, ast.parse(text))
    for statement in module.body:
        for node in walk(statement, tokens=True):
            if node in expected:  # libcst skips some unused whitespace (a case's guard spacing)
                assert index.range(node) == expected[node], (type(node).__name__, module.code_for_node(node))
    return index


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_ranges_match_libcst_without_the_whole_module_fallback(name):
    text = LAYOUTS[name]
    module = cst.parse_module(text)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    index = PositionIndex(module, text, ast.parse(text))
    nodes = [node for statement in module.body for node in walk(statement)]  # no tokens: nothing reports those
    index.prepare(reversed(nodes))
    for node in nodes:
        assert index.range(node) == expected[node], (type(node).__name__, module.code_for_node(node))
    assert index._whole is None  # every statement was paired with ast and verified


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_tokens_and_comments_too(name):
    _assert_same_ranges(LAYOUTS[name])  # whitespace, commas and comments included


def test_a_token_asked_for_first_uses_the_whole_module_provider():
    text = "def f(a, b):\n    return a\n"
    module = cst.parse_module(text)
    comma = next(n for n in walk(module, tokens=True) if isinstance(n, cst.Comma))
    index = PositionIndex(module, text)
    assert (index.range(comma).start.line, index.range(comma).start.column) == (1, 7)
    assert index._whole is not None  # tokens are not in the statement map


def test_a_tree_of_other_text_is_caught_and_falls_back():
    text = "def f(a):\n    return a['k']\n"
    module = cst.parse_module(text)
    subscript = next(n for n in walk(module) if isinstance(n, cst.Subscript))
    index = PositionIndex(module, text, ast.parse("\n\n" + text))  # every line number off by two
    assert (index.range(subscript).start.line, index.range(subscript).start.column) == (2, 11)
    assert index._whole is not None


def test_a_node_of_another_module_is_a_key_error():
    module = cst.parse_module("x = 1\n")
    other = cst.parse_module("y = 2\n").body[0]
    index = PositionIndex(module, "x = 1\n")
    with pytest.raises(KeyError):
        index.range(other)
    assert index._whole is None


def test_every_fixture_server_matches(tmp_path):
    fixtures = sorted((Path(__file__).parent / "fixtures").rglob("*.py"))
    assert len(fixtures) > 90
    for path in fixtures:
        text = path.read_text(encoding="utf-8")
        module = cst.parse_module(text)
        expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
        index = PositionIndex(module, text)
        nodes = [node for statement in module.body for node in walk(statement)]
        index.prepare(nodes)
        assert all(index.range(node) == expected[node] for node in nodes), path
        assert index._whole is None, path


@pytest.mark.parametrize(("text", "comment"), [
    ("@a\n# after the decorators\ndef f():\n    pass\n", "# after the decorators"),
    ("try:\n  pass\nexcept A:\n  pass\n  # block footer\nfinally:\n  pass\n", "# block footer"),
    ("if x:  # suite header\n  pass\n", "# suite header"),
    ("x = 1  # trailing\n", "# trailing"),
])
def test_a_comment_asked_for_first_is_placed_not_a_key_error(text, comment):
    module = cst.parse_module(text)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    node = next(n for n in walk(module, tokens=True) if isinstance(n, cst.Comment) and n.value == comment)
    assert PositionIndex(module, text, ast.parse(text)).range(node) == expected[node]


def test_a_node_deep_in_a_long_literal_costs_one_element_not_the_statement(monkeypatch):
    elements = "".join(f"        Prompt(name='p{i}', arguments=[Arg(name='a{i}')]),\n" for i in range(1000))
    text = f"def list_prompts():\n    return [\n{elements}    ]\n"
    module = cst.parse_module(text)
    index = PositionIndex(module, text, ast.parse(text))
    generated: list[str] = []
    real = PositionIndex._generate
    monkeypatch.setattr(PositionIndex, "_generate", lambda self, node, *rest, **kw: (
        generated.append(type(node).__name__), real(self, node, *rest, **kw))[1])
    returned = module.body[0].body.body[0].body[0].value
    argument = returned.elements[700].value.args[1].value.elements[0].value  # Arg(name='a700')
    start = index.range(argument).start
    assert (start.line, start.column) == (703, 39)  # line 703: 8 spaces + "Prompt(name='p700', arguments=["
    assert generated == ["Call"]
    assert index.range(argument) == MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)[argument]
