"""The value facts behind MCP302-MCP304 (``mcplint/model/argvalues.py``) on small handlers."""

from __future__ import annotations

import libcst as cst

from mcplint.checks.mcp303_string_argument_truthiness import _flag_name
from mcplint.model import build_model
from mcplint.model.argvalues import handler_values

HEADER = '''
import os
from pathlib import Path
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("s")
BASE = Path("/srv")
ALLOWED = {"a.md", "b.md"}


@server.list_prompts()
async def list_prompts():
    return [types.Prompt(name="p", arguments=[types.PromptArgument(name="page", required=True)])]


@server.get_prompt()
async def get_prompt(name, arguments):
    args = arguments or {}
'''


def _values(body: str):
    source = HEADER + "".join(f"    {line}\n" for line in body.strip().splitlines())
    model = build_model(cst.parse_module(source), "server.py")
    (values,) = handler_values(model)
    return values


def test_a_built_path_reaches_open_as_a_path_sink() -> None:
    values = _values('page = args.get("page", "")\nfull = os.path.join(BASE, page)\nreturn open(full).read()')
    assert [(s.kind, s.key, s.derived, s.call) for s in values.sinks] == [("path", "page", True, "open()")]


def test_membership_guard_constrains_and_a_branch_only_check_does_not() -> None:
    guarded = _values('page = args["page"]\nif page not in ALLOWED:\n    raise ValueError(page)\nreturn open(BASE / page)')
    branch = _values('page = args["page"]\nif name == "x":\n    if page not in ALLOWED:\n        raise ValueError(page)\n'
                     'return open(BASE / page)')
    assert (guarded.sinks, [s.key for s in branch.sinks]) == ([], ["page"])


def test_an_unknown_function_ends_the_value() -> None:
    values = _values('page = os.path.basename(args["page"])\nreturn open(BASE / page)')
    assert values.sinks == []


def test_presence_test_and_truth_test_are_recorded_with_their_keys() -> None:
    values = _values('if "page" not in args:\n    raise ValueError("page")\nif args.get("page"):\n    pass\n'
                     'return args["page"]')
    assert ([t.key for t in values.presence_tests], [(t.kind, t.key) for t in values.truth_tests]) == (
        ["page"], [("truth", "page")])


def test_flag_names() -> None:
    names = ["dry_run", "include_tests", "isPublic", "verbose", "include_pattern", "topic", "show_fields", "force"]
    assert [n for n in names if _flag_name(n)] == ["dry_run", "include_tests", "isPublic", "verbose", "force"]


def test_a_long_concatenation_is_derived_once_per_operand(monkeypatch) -> None:
    # `page + page + ...`: every operand is scanned, and each used to derive its whole
    # left sub-chain again (quadratic: 2,000 terms took over the 10 s budget).
    from mcplint.model.argvalues import ValueWalker

    calls = []
    real = ValueWalker._derive_uncached
    monkeypatch.setattr(ValueWalker, "_derive_uncached", lambda self, node, state: (
        calls.append(node), real(self, node, state))[1])
    chain = " + ".join(["page"] * 300)
    values = _values(f'page = args.get("page", "")\nreturn open(BASE / ({chain})).read()')
    assert [(s.kind, s.key, s.derived, s.call) for s in values.sinks] == [("path", "page", True, "open()")]
    assert len(calls) < 3 * 300


def test_module_client_constants_are_collected_once_per_module(monkeypatch) -> None:
    # Every handler asks which names are HTTP clients; the module constants used to be
    # scanned again for each (a generated module with 4,000 servers took over the budget).
    from mcplint.model import argvalues

    qualified = []
    monkeypatch.setattr(argvalues.ModuleInfo, "qualify", lambda self, node, real=argvalues.ModuleInfo.qualify: (
        qualified.append(node), real(self, node))[1])
    servers = "".join(f"s{i} = FastMCP('x')\n@s{i}.tool()\ndef t{i}(url: str) -> str:\n"
                      f"    return client.get(url).text\n" for i in range(60))
    source = f"import httpx\nfrom mcp.server.fastmcp import FastMCP\nclient = httpx.Client()\n{servers}"
    model = build_model(cst.parse_module(source), "server.py")
    qualified.clear()
    values = handler_values(model)
    assert len(values) == 60
    assert all([(s.kind, s.key) for s in v.sinks] == [("url", "url")] for v in values)
    constant_calls = [node for node in qualified if isinstance(node, cst.Name) and node.value == "FastMCP"]
    assert len(constant_calls) <= 60  # was 60 x 60
