"""Render a :class:`~mcplint.gentests.plan.ServerPlan` as a standalone pytest module.

The module needs only pytest, pytest-asyncio and the server's framework; it imports the
server by module name (the project root on ``sys.path``) and talks to it through the stack's
own in-memory client: mcp 1.x ``create_connected_server_and_client_session``
(``mcp/shared/memory.py``, mcp 1.30.0), mcp 2.x ``mcp.Client`` (``mcp/client/client.py``,
mcp 2.3.0) or ``fastmcp.Client`` (``get_prompt_mcp`` / ``call_tool_mcp``, which return the
raw MCP result; fastmcp 2.14 - 4.2). Code checks follow :mod:`mcplint.gentests.expectations`.
The author block keeps what the author filled in (:mod:`mcplint.gentests.author`).
"""

from __future__ import annotations

import hashlib
import json
import textwrap
from dataclasses import dataclass

from mcplint import __version__
from mcplint.gentests.access import WORK_DIR
from mcplint.gentests.author import BEGIN_MARKER, BUILD_FUNCTION, END_MARKER, AuthorValues, build_marker
from mcplint.gentests.expectations import (
    CodeCheck,
    prompt_code_check,
    tool_check,
)
from mcplint.gentests.plan import ArgumentPlan, PromptPlan, ServerPlan, ToolPlan, identifier
from mcplint.gentests.source import LINE_LENGTH, call, docstring_text, py_string, py_value
from mcplint.gentests.solve import INVALID_SAMPLE
from mcplint.gentests.values import SAMPLE_TEXT
from mcplint.model.facts import Stack
from mcplint.model.stacks import LABELS

UNDECLARED_NAME = "mcplint_undeclared"
UNKNOWN_NAME = "mcplint-unknown-name"


@dataclass(frozen=True)
class _Client:
    """How a family of stacks connects in memory."""

    imports: tuple[str, ...]
    connect: str
    error: str
    get_prompt: str
    call_tool: str
    complete: str
    requirement: str
    described: str


_MCP1 = _Client(
    ("from mcp.shared.exceptions import McpError",
     "from mcp.shared.memory import create_connected_server_and_client_session"),
    "create_connected_server_and_client_session(server)", "McpError",
    "get_prompt", "call_tool", "complete", "mcp<2", "the mcp 1.x in-memory client",
)
_MCP2 = _Client(
    ("from mcp import Client, MCPError",), "Client(server)", "MCPError",
    "get_prompt", "call_tool", "complete", "mcp>=2,<3", "the mcp 2.x in-memory Client",
)
_FASTMCP = {
    Stack.FASTMCP2: "fastmcp>=2,<3", Stack.FASTMCP3: "fastmcp>=3,<4", Stack.FASTMCP4: "fastmcp>=4,<5",
    Stack.FASTMCP: "fastmcp",
}


_EITHER = _Client(
    ("try:  # mcp 2.x\n    from mcp import Client\n    from mcp import MCPError as McpError\n"
     "except ImportError:  # mcp 1.x\n    from mcp.shared.exceptions import McpError\n"
     "    from mcp.shared.memory import (\n        create_connected_server_and_client_session as Client,\n    )",),
    "Client(server)", "McpError", "get_prompt", "call_tool", "complete", "mcp",
    "the in-memory client of the installed mcp (1.x or 2.x)",
)


def client_for(stack: Stack) -> _Client:
    """The in-memory client of ``stack``; for a low-level server whose mcp major is not known,
    the module picks the installed SDK's client at import time."""
    if stack is Stack.LOWLEVEL:
        return _EITHER
    if stack in (Stack.MCP1_LOWLEVEL, Stack.MCP1_FASTMCP):
        return _MCP1
    if stack in (Stack.MCP2_LOWLEVEL, Stack.MCP2_MCPSERVER):
        return _MCP2
    return _Client(("from fastmcp import Client", "from fastmcp.exceptions import McpError"),
                   "Client(server)", "McpError", "get_prompt_mcp", "call_tool_mcp", "complete_mcp",
                   _FASTMCP[stack], "the fastmcp in-memory Client")


def contract_digest(contract: dict) -> str:
    """A short, stable digest of a server's contract entry (sha256 of its sorted JSON)."""
    data = json.dumps(contract, sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


def render_module(plan: ServerPlan, author: AuthorValues | None = None, command: str = "") -> str:
    """The pytest module for ``plan``; ``author`` holds values kept from the previous version
    of the file; ``command`` is the gen-tests command line shown in the header."""
    author = author or AuthorValues()
    client = client_for(plan.stack)
    sections = [
        _header(plan, client, command),
        _imports(plan, client, author),
        _author_block(plan, author),
        _constants(plan),
        _support(plan, client, author),
    ]
    for prompt in plan.prompts:
        sections.append(_prompt_tests(plan, prompt))
    if plan.prompts or plan.declares_prompts:
        sections.append(_unknown_prompt_test(plan))
    for tool in plan.tools:
        sections.append(_tool_tests(plan, tool))
    if plan.tools:
        sections.append(_unknown_tool_test(plan))
    for prompt_name, argument in plan.completions:
        sections.append(_completion_tests(plan, prompt_name, argument))
    header, imports, *rest = (section.strip("\n") for section in sections if section.strip())
    return header + "\n\n" + imports + "\n\n" + "\n\n\n".join(rest) + "\n"


# --- header, imports, author block, constants -------------------------------------------


def _header(plan: ServerPlan, client: _Client, command: str) -> str:
    prompts = ", ".join(prompt.name for prompt in plan.prompts) or "none"
    tools = ", ".join(tool.name for tool in plan.tools) or "none"
    lines = [
        f"Protocol-boundary tests of the MCP server `{plan.variable}` in {plan.file}.",
        "",
        f"Generated by mcplint {__version__} (`{command or 'mcplint gen-tests'}`)",
        f"from the server's contract, sha256 {contract_digest(plan.contract)}:",
        f"{LABELS[plan.stack]}; prompts: {prompts}; tools: {tools}.",
        "mcplint only read the source; these tests import the server and send",
        f"requests through {client.described}.",
        "",
        "Run from the project root: pytest <this file>",
        f"Needs: pytest, pytest-asyncio and {client.requirement}.",
        "Fill in the author block below where asked (values, build_server): re-running",
        "gen-tests keeps what you filled in.",
    ]
    lines.extend(docstring_text(note) for note in plan.notes)
    body = "\n".join(docstring_text(line) if line else "" for line in lines)
    return f'"""{body}\n"""'


def _imports(plan: ServerPlan, client: _Client, author: AuthorValues) -> str:
    captures = bool(plan.build.captured or "capture_server(" in (author.build_source or ""))
    stdlib = ["from __future__ import annotations", "", "import asyncio", *(["import contextlib"] if captures else []),
              "import importlib", "import inspect", "import os", "import sys", "import tempfile",
              "from dataclasses import dataclass"]
    if _needs_major(plan):
        stdlib.append("from importlib.metadata import version")
    stdlib += ["from pathlib import Path", "from typing import Any"]
    if captures:
        stdlib.append("from unittest import mock")
    third = ["import pytest", *(line for line in client.imports if not line.startswith("try:"))]
    if plan.completions:
        third.append("from mcp.types import PromptReference")
    blocks = "\n".join(stdlib) + "\n\n" + "\n".join(sorted(third, key=_import_key))
    for line in client.imports:
        if line.startswith("try:"):
            blocks += "\n\n" + line
    return blocks


def _import_key(line: str) -> tuple[bool, str]:
    """isort's order: plain imports before from-imports, then by module."""
    return line.startswith("from "), line.split()[1].lower()


def _needs_major(plan: ServerPlan) -> bool:
    return plan.stack is Stack.FASTMCP


def _author_keys(plan: ServerPlan) -> list[tuple[str, str, str]]:
    keys = []
    for prompt in plan.prompts:
        keys.extend(("prompt", prompt.name, argument.name) for argument in prompt.arguments if not argument.solved)
    for tool in plan.tools:
        keys.extend(("tool", tool.name, prop.name) for prop in _tool_sent(tool) if not prop.solved)
    return keys


def _needs_undeclared_decision(plan: ServerPlan) -> bool:
    return any(prompt.undeclared is None for prompt in plan.prompts)


def _author_block(plan: ServerPlan, author: AuthorValues) -> str:
    keys = _author_keys(plan)
    values = {key: author.values.get(key, ...) for key in keys}
    values.update({key: value for key, value in author.values.items() if key not in values})
    lines = [f"{BEGIN_MARKER} (kept when gen-tests regenerates this file) ---"]
    if values:
        lines += ["# mcplint could not solve these values from the code: replace each ... with a",
                  "# valid value (a literal). The tests that need one skip until it is set."]
    else:
        lines.append("# mcplint solved every value it needs; add overrides here if you like.")
    items = [f"{py_value(key)}: {py_value(value, 4)}" for key, value in values.items()]
    head = "AUTHOR_VALUES: dict[tuple[str, str, str], Any] = "
    lines.append(head + "{\n" + "".join(f"    {item},\n" for item in items) + "}" if items else head + "{}")
    if _needs_undeclared_decision(plan) or author.undeclared is not None:
        lines += ["# How should a prompt treat an argument name it does not declare? The code does",
                  '# not say. Set "reject" (an error) or "ignore"; that test skips until then.',
                  f"UNDECLARED_ARGUMENTS = {py_value(author.undeclared if author.undeclared else ...)}"]
    lines += ["", "", _build_function(plan, author)]
    for kept in author.kept_functions:
        lines += ["", "", kept]
    lines += ["", "", f"{END_MARKER} ---"]
    return "\n".join(lines)


def _build_function(plan: ServerPlan, author: AuthorValues) -> str:
    """``build_server``: the author's edited text when there is one, else mcplint's, under a
    comment with its digest (how a re-run tells the two apart)."""
    if author.build_source is not None:
        return "# build_server: edited by the author; re-runs of gen-tests keep it as it is.\n" + author.build_source
    build = plan.build
    what = docstring_text(f"{build.what} of `{plan.module}`")
    head = "async def" if build.awaited else "def"
    lines = [f"{head} {BUILD_FUNCTION}(module: Any, {WORK_DIR}: Path) -> Any:",
             f'    """The server under test: {what}.',
             "",
             f"    `module` is the imported server module, `{WORK_DIR}` an empty temporary folder."]
    if build.note:
        lines += textwrap.wrap(docstring_text(build.note), LINE_LENGTH, initial_indent="    ", subsequent_indent="    ")
    if build.solved:
        lines += ["    mcplint read this from the source; change it if the tests need another server.", '    """']
    else:
        todo = f"{build.reason}." if build.reason else \
            f"mcplint could not solve {', '.join(build.unsolved)} from the source."
        lines.append(f"    TODO: {docstring_text(todo)}")
        lines += ["    Replace each ... and delete the pytest.skip line; the tests skip until then.", '    """',
                  call(4, "pytest.skip", [py_string("fill in build_server at the top of this file (see its TODO)")])]
    lines.append(f"    return {build.expression}")
    function = "\n".join(lines)
    return build_marker(function) + "\n" + function


def _constants(plan: ServerPlan) -> str:
    lines = [
        f"SERVER_MODULE = {py_string(plan.module)}",
        f"PATH_ENTRY = {py_string(plan.path_entry)}  # on sys.path, relative to the project root",
        "TIMEOUT_SECONDS = 30",
        'WORK_DIR = tempfile.TemporaryDirectory(prefix="mcplint-contract-")',
        "INVALID_PARAMS = -32602",
        f"UNDECLARED_NAME = {py_string(UNDECLARED_NAME)}",
        f"UNKNOWN_NAME = {py_string(UNKNOWN_NAME)}",
    ]
    if any(INVALID_SAMPLE in a.rejected and a.solved for p in plan.prompts for a in p.arguments) or any(
            INVALID_SAMPLE in prop.rejected for tool in plan.tools for prop in tool.properties or ()):
        lines.append(f"INVALID_VALUE = {py_string(INVALID_SAMPLE)}")
    if _needs_major(plan):
        lines.append('FASTMCP_MAJOR = int(version("fastmcp").split(".")[0])')
    lines += ["", "pytestmark = pytest.mark.asyncio"]
    return "\n".join(lines)


# --- support code --------------------------------------------------------------------


def _support(plan: ServerPlan, client: _Client, author: AuthorValues) -> str:
    parts = [_make_server(plan), _OUTCOME, _send(client), _HELPERS]
    if plan.build.captured or "capture_server(" in (author.build_source or ""):
        parts.insert(1, _CAPTURE)
    if plan.completions:
        parts.append(_complete(client))
    return "\n\n\n".join(parts)


def _make_server(plan: ServerPlan) -> str:
    return "\n".join([
        "async def make_server() -> Any:",
        '    """The server under test, as build_server (in the author block) makes it."""',
        "    entry = os.path.abspath(PATH_ENTRY)",
        "    if entry not in sys.path:",
        "        sys.path.insert(0, entry)",
        "    argv = sys.argv",
        "    sys.argv = [SERVER_MODULE]  # a server that parses its command line sees none",
        "    try:",
        "        module = importlib.import_module(SERVER_MODULE)",
        f"        server = {BUILD_FUNCTION}(module, Path(WORK_DIR.name))",
        "        return await server if inspect.isawaitable(server) else server",
        "    finally:",
        "        sys.argv = argv",
    ])


_CAPTURE = '''\
RUN_METHODS = (
    "run",
    "run_async",
    "run_stdio_async",
    "run_sse_async",
    "run_streamable_http_async",
    "run_http_async",
)


class ServerCaptured(Exception):
    """Raised instead of serving: carries the server that was about to run."""

    def __init__(self, server: Any) -> None:
        super().__init__("the server was captured before it ran")
        self.server = server


def _stop(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise ServerCaptured(self)


@contextlib.asynccontextmanager
async def _no_stdio(*args: Any, **kwargs: Any) -> Any:
    yield None, None


def _captured(error: BaseException) -> Any:
    """The server a ServerCaptured (alone or in an exception group) carries, or None."""
    if isinstance(error, ServerCaptured):
        return error.server
    for inner in getattr(error, "exceptions", ()):
        server = _captured(inner)
        if server is not None:
            return server
    return None


async def capture_server(
    server_class: str, start: Any, *args: Any, **kwargs: Any
) -> Any:
    """The server that `start(*args, **kwargs)` makes and then runs (it does not return
    it): while it runs, the run methods of `server_class` (a dotted import path) stop
    with the server instead of serving, and the mcp stdio transport opens nothing."""
    path, _, name = server_class.rpartition(".")
    cls = getattr(importlib.import_module(path), name)
    with contextlib.ExitStack() as patches:
        for method in RUN_METHODS:
            if hasattr(cls, method):
                patches.enter_context(mock.patch.object(cls, method, _stop))
        stdio = importlib.import_module("mcp.server.stdio")
        patches.enter_context(mock.patch.object(stdio, "stdio_server", _no_stdio))
        module = sys.modules[start.__module__]
        if getattr(module, "stdio_server", None) is not None:
            patches.enter_context(mock.patch.object(module, "stdio_server", _no_stdio))
        try:
            result = start(*args, **kwargs)
            if inspect.isawaitable(result):
                await result
        except BaseException as error:  # the capture may come in an exception group
            server = _captured(error)
            if server is None:
                raise
            return server
    pytest.fail(f"{start.__name__}() returned without running a {name}")'''


_OUTCOME = '''\
@dataclass
class Outcome:
    """What came back: a result, a JSON-RPC error (`code`) or a tool result with isError."""

    result: Any = None
    code: int | None = None
    message: str = ""
    is_error: bool = False

    @property
    def failed(self) -> bool:
        """True when the server signalled an error."""
        return self.code is not None or self.is_error

    def __str__(self) -> str:
        if self.code is not None:
            return f"JSON-RPC error {self.code}: {self.message}"
        if self.is_error:
            return f"an isError result: {self.result}"
        return f"a success: {self.result}"'''


def _send(client: _Client) -> str:
    connect = f"    async with {client.connect} as client:"
    return "\n".join([
        "async def send(method: str, *args: Any) -> Outcome:",
        '    """Send one request to a fresh connection and say what came back."""',
        "    server = await make_server()",
        connect,
        "        request = getattr(client, method)(*args)",
        "        try:",
        "            result = await asyncio.wait_for(request, TIMEOUT_SECONDS)",
        f"        except {client.error} as error:",
        "            # mcp < 1.2 passes the ErrorData as the exception's argument",
        "            data = getattr(error, \"error\", None) or error.args[0]",
        "            return Outcome(code=data.code, message=data.message)",
        '    is_error = getattr(result, "is_error", getattr(result, "isError", False))',
        "    return Outcome(result=result, is_error=bool(is_error))",
        "",
        "",
        "async def get_prompt(name: str, arguments: dict[str, Any] | None) -> Outcome:",
        '    """prompts/get `name` with `arguments`."""',
        f"    return await send({py_string(client.get_prompt)}, name, arguments)",
        "",
        "",
        "async def call_tool(name: str, arguments: dict[str, Any]) -> Outcome:",
        '    """tools/call `name` with `arguments`."""',
        f"    return await send({py_string(client.call_tool)}, name, arguments)",
    ])


_HELPERS = '''\
def arguments_for(
    values: dict[str, Any],
    without: str | None = None,
    only: list[str] | None = None,
) -> dict[str, Any]:
    """`values` less `without` (or just `only`); skips while an author value is unset."""
    chosen = {
        key: value
        for key, value in values.items()
        if key != without and (only is None or key in only)
    }
    unset = sorted(key for key, value in chosen.items() if value is ...)
    if unset:
        pytest.skip(f"set AUTHOR_VALUES for {', '.join(unset)} at the top of this file")
    return chosen


def expect_success(outcome: Outcome, what: str) -> None:
    """Assert that the request succeeded."""
    assert not outcome.failed, f"{what}: expected a success, got {outcome}"


def expect_error(outcome: Outcome, what: str) -> None:
    """Assert that a caller error was signalled, not answered with a success."""
    assert outcome.failed, f"{what}: expected an error, got {outcome}"


def expect_code(outcome: Outcome, code: int, xfail: str | None = None) -> None:
    """Assert the JSON-RPC error code; `xfail` says why this stack sends another one."""
    if outcome.code != code and xfail is not None:
        pytest.xfail(xfail)
    assert outcome.code == code, f"expected JSON-RPC error {code}, got {outcome}"


def expect_is_error(outcome: Outcome) -> None:
    """Assert an isError tool result (spec 2025-11-25: argument errors are tool results)."""
    assert outcome.is_error, f"expected an isError result, got {outcome}"'''


# --- prompt cases --------------------------------------------------------------------


def _prompt_constant(prompt: PromptPlan) -> str:
    return f"PROMPT_{identifier(prompt.name).upper()}"


def _values_dict(constant: str, kind: str, item: str, arguments: list[ArgumentPlan]) -> str:
    lines = [f"{constant}: dict[str, Any] = {{" if arguments else f"{constant}: dict[str, Any] = {{}}"]
    if not arguments:
        return lines[0]
    for argument in arguments:
        if argument.solved:
            value = py_value(argument.value.value, 4)
            note = "" if argument.value.source in ("str", "type string") and argument.value.value == SAMPLE_TEXT \
                else f"  # {argument.value.source}"
        else:
            value = f"AUTHOR_VALUES[{py_value((kind, item, argument.name))}]"
            note = ""
        lines.append(f"    {py_string(argument.name)}: {value},{note}")
    lines.append("}")
    return "\n".join(lines)


def _test_name(kind: str, name: str, case: str) -> str:
    return f"test_{kind}_{identifier(name)}_{case}"


def _code_lines(plan: ServerPlan, check: CodeCheck, indent: str = "    ") -> list[str]:
    if check.code is None:
        return []
    code = "INVALID_PARAMS" if check.code == -32602 else str(check.code)
    if check.xfail is None:
        return [f"{indent}expect_code(outcome, {code})"]
    reason = py_string(check.xfail)
    xfail = [f"{indent}    xfail={reason},"]
    if check.xfail_below_major is not None:
        xfail = [f"{indent}    xfail={reason} if FASTMCP_MAJOR < {check.xfail_below_major} else None,"]
        if len(xfail[0]) > LINE_LENGTH:  # ruff format splits a conditional that does not fit
            xfail = [f"{indent}    xfail={reason}", f"{indent}    if FASTMCP_MAJOR < {check.xfail_below_major}",
                     f"{indent}    else None,"]
    return [f"{indent}expect_code(", f"{indent}    outcome,", f"{indent}    {code},", *xfail, f"{indent})"]


def _prompt_tests(plan: ServerPlan, prompt: PromptPlan) -> str:
    constant = _prompt_constant(prompt)
    name = py_string(prompt.name)
    label = docstring_text(f"prompts/get '{prompt.name}'")
    required = [a.name for a in prompt.arguments if a.required is True]
    optional = [a.name for a in prompt.arguments if a.required is False]
    blocks = [f"# prompt {docstring_text(prompt.name)} " + "-" * max(3, 70 - len(prompt.name)) + "\n"
              + _values_dict(constant, "prompt", prompt.name, prompt.arguments)]
    blocks.append(_test(plan, "prompt", prompt.name, "valid", f"{label} with every argument renders (no completion request first).",
                        [call(4, "outcome = await get_prompt", [name, f"arguments_for({constant})"]),
                         call(4, "expect_success", ["outcome", py_string(label)])]))
    if optional:
        blocks.append(_test(plan, "prompt", prompt.name, "optional_omitted",
                            f"{label} with the required arguments only renders.",
                            [call(4, "arguments = arguments_for", [constant, f"only={py_value(required)}"]),
                             call(4, "outcome = await get_prompt", [name, "arguments"]),
                             call(4, "expect_success", ["outcome", py_string(label + " without optional arguments")])]))
    if required:
        blocks.append(_missing_test(plan, prompt, constant, required, label))
    for argument in prompt.arguments:
        if argument.solved and (argument.required is True and argument.empty_defaulted or "" in argument.rejected):
            blocks.append(_empty_test(plan, prompt, constant, argument, label))
        if argument.solved and INVALID_SAMPLE in argument.rejected:
            blocks.append(_invalid_test(plan, prompt, constant, argument, label))
    blocks.append(_no_arguments_test(plan, prompt, bool(required), label))
    blocks.append(_undeclared_test(plan, prompt, constant, label))
    return "\n\n\n".join(blocks)


def _test(plan: ServerPlan, kind: str, item: str, case: str, doc: str, body: list[str],
          decorators: tuple[str, ...] = (), parameter: str = "") -> str:
    signature = call(0, f"async def {_test_name(kind, item, case)}", [parameter] if parameter else [], " -> None:")
    return "\n".join([*decorators, signature, f'    """{docstring_text(doc)}"""', *body])


def _missing_test(plan: ServerPlan, prompt: PromptPlan, constant: str, required: list[str], label: str) -> str:
    check = prompt_code_check(plan.stack, plan.middleware, "missing")
    body = [call(4, "arguments = arguments_for", [constant, "without=missing"]),
            call(4, "outcome = await get_prompt", [py_string(prompt.name), "arguments"]),
            call(4, "expect_error", ["outcome", f'f"{_fstring_text(label)} without {{missing!r}}"']),
            *_code_lines(plan, check)]
    decorator = call(0, "@pytest.mark.parametrize", ['"missing"', py_value(required, 4)])
    return _test(plan, "prompt", prompt.name, "missing_required",
                 f"{label} without a required argument is a caller error (-32602).", body,
                 (decorator,), "missing: str")


def _empty_test(plan: ServerPlan, prompt: PromptPlan, constant: str, argument: ArgumentPlan, label: str) -> str:
    check = prompt_code_check(plan.stack, plan.middleware, "empty")
    case = f"empty_{identifier(argument.name)}"
    body = [call(4, "arguments = ", [f"**arguments_for({constant})", f'{py_string(argument.name)}: ""'], brackets="{}"),
            call(4, "outcome = await get_prompt", [py_string(prompt.name), "arguments"]),
            call(4, "expect_error", ["outcome", py_string(label + " with an empty " + repr(argument.name))]),
            *_code_lines(plan, check)]
    if argument.empty_defaulted and "" not in argument.rejected:
        doc = (f"An empty required '{argument.name}' is a caller error: the code replaces \"\" with another "
               "value instead of rejecting it.")
    else:
        doc = f"An empty '{argument.name}', which the code rejects, is a caller error (-32602)."
    return _test(plan, "prompt", prompt.name, case, doc, body)


def _invalid_test(plan: ServerPlan, prompt: PromptPlan, constant: str, argument: ArgumentPlan, label: str) -> str:
    check = prompt_code_check(plan.stack, plan.middleware, "empty")
    body = [call(4, "arguments = ", [f"**arguments_for({constant})", f"{py_string(argument.name)}: INVALID_VALUE"],
                 brackets="{}"),
            call(4, "outcome = await get_prompt", [py_string(prompt.name), "arguments"]),
            call(4, "expect_error", ["outcome", py_string(label + " with an invalid " + repr(argument.name))]),
            *_code_lines(plan, check)]
    doc = f"A value of '{argument.name}' that the code's check rejects is a caller error (-32602)."
    return _test(plan, "prompt", prompt.name, f"invalid_{identifier(argument.name)}", doc, body)


def _no_arguments_test(plan: ServerPlan, prompt: PromptPlan, has_required: bool, label: str) -> str:
    body = [call(4, "outcome = await get_prompt", [py_string(prompt.name), "None"])]
    what = py_string(label + " without arguments")
    if has_required:
        body.append(call(4, "expect_error", ["outcome", what]))
        body += _code_lines(plan, prompt_code_check(plan.stack, plan.middleware, "missing"))
        doc = f"{label} with no arguments at all is a caller error (its required ones are missing)."
    else:
        body.append(call(4, "expect_success", ["outcome", what]))
        doc = f"{label} with no arguments at all renders (it requires none)."
    return _test(plan, "prompt", prompt.name, "no_arguments", doc, body)


def _undeclared_test(plan: ServerPlan, prompt: PromptPlan, constant: str, label: str) -> str:
    what = py_string(label + " with an undeclared argument")
    check = prompt_code_check(plan.stack, plan.middleware, "undeclared")
    body = [call(4, "arguments = ", [f"**arguments_for({constant})", 'UNDECLARED_NAME: "x"'], brackets="{}"),
            call(4, "outcome = await get_prompt", [py_string(prompt.name), "arguments"])]
    treatment = prompt.undeclared
    if treatment in ("reject", "ignore"):
        if treatment == "ignore":
            body.append(call(4, "expect_success", ["outcome", what]))
            doc = f"{label} ignores an argument name it does not declare (as its framework does)."
        else:
            body.append(call(4, "expect_error", ["outcome", what]))
            body += _code_lines(plan, check)
            doc = f"{label} rejects an argument name it does not declare (as its framework does)."
        return _test(plan, "prompt", prompt.name, "undeclared_argument", doc, body)
    if treatment == "by-major":
        ignored = "FASTMCP_MAJOR >= 3"
        doc = f"{label}: fastmcp 2.x rejects an undeclared argument name, 3.x and 4.x ignore it."
    else:
        ignored = 'UNDECLARED_ARGUMENTS == "ignore"'
        doc = f"{label} treats an undeclared argument name as UNDECLARED_ARGUMENTS says."
        body.insert(0, "    if UNDECLARED_ARGUMENTS is ...:")
        body.insert(1, '        pytest.skip("set UNDECLARED_ARGUMENTS at the top of this file")')
    body += [f"    if {ignored}:", call(8, "expect_success", ["outcome", what]), "        return",
             call(4, "expect_error", ["outcome", what]), *_code_lines(plan, check)]
    return _test(plan, "prompt", prompt.name, "undeclared_argument", doc, body)


def _unknown_prompt_test(plan: ServerPlan) -> str:
    check = prompt_code_check(plan.stack, plan.middleware, "unknown")
    donor = next((p for p in plan.prompts if p.arguments and all(a.solved for a in p.arguments)), None)
    if donor is None:
        body = ["    outcome = await get_prompt(UNKNOWN_NAME, {})",
                '    expect_error(outcome, "prompts/get of an unknown prompt")',
                *_code_lines(plan, check)]
        doc = "prompts/get of a name the server does not declare is a caller error (-32602)."
    else:  # with valid arguments too, so the argument checks pass and the name is what is wrong
        body = [f"    for arguments in ({{}}, {_prompt_constant(donor)}):",
                "        outcome = await get_prompt(UNKNOWN_NAME, arguments)",
                '        expect_error(outcome, "prompts/get of an unknown prompt")',
                *_code_lines(plan, check, indent="        ")]
        doc = (f"prompts/get of a name the server does not declare is a caller error (-32602), "
               f"also with the valid arguments of '{donor.name}'.")
    return "\n".join(["async def test_unknown_prompt() -> None:", f'    """{docstring_text(doc)}"""', *body])


def _fstring_text(text: str) -> str:
    return py_string(text)[1:-1].replace("{", "{{").replace("}", "}}")


# --- tool cases ----------------------------------------------------------------------


def _tool_sent(tool: ToolPlan) -> list[ArgumentPlan]:
    """The properties a valid call sends: the required ones."""
    return [prop for prop in tool.properties or () if prop.required is True]


def _tool_tests(plan: ServerPlan, tool: ToolPlan) -> str:
    constant = f"TOOL_{identifier(tool.name).upper()}"
    name = py_string(tool.name)
    label = docstring_text(f"tools/call '{tool.name}'")
    if tool.properties is None:
        return (f"# tool {docstring_text(tool.name)}: its input schema is not known statically, so only the\n"
                "# unknown-tool case covers it.")
    sent = _tool_sent(tool)
    blocks = [f"# tool {docstring_text(tool.name)} " + "-" * max(3, 72 - len(tool.name)) + "\n"
              + _values_dict(constant, "tool", tool.name, sent)]
    blocks.append(_test(plan, "tool", tool.name, "valid", f"{label} with its required properties succeeds.",
                        [call(4, "outcome = await call_tool", [name, f"arguments_for({constant})"]),
                         call(4, "expect_success", ["outcome", py_string(label)])]))
    if sent:
        check = tool_check(plan.stack, plan.middleware, "missing")
        body = [call(4, "arguments = arguments_for", [constant, "without=missing"]),
                call(4, "outcome = await call_tool", [name, "arguments"]),
                call(4, "expect_error", ["outcome", f'f"{_fstring_text(label)} without {{missing!r}}"'])]
        body += _tool_check_lines(check)
        decorator = call(0, "@pytest.mark.parametrize", ['"missing"', py_value([p.name for p in sent], 4)])
        blocks.append(_test(plan, "tool", tool.name, "missing_required",
                            f"{label} without a required property is an error.", body,
                            (decorator,), "missing: str"))
    for prop in tool.properties:
        for value in prop.rejected:
            blocks.append(_tool_rejected_test(plan, tool, constant, prop, value, label))
    return "\n\n\n".join(blocks)


def _tool_rejected_test(plan: ServerPlan, tool: ToolPlan, constant: str, prop: ArgumentPlan, value: str,
                        label: str) -> str:
    """A call with one property set to a value the schema or the tool's code rejects: an
    error must arrive (its form is the author's choice: an isError result or a JSON-RPC error)."""
    empty = value == ""
    sent = '""' if empty else "INVALID_VALUE"
    what = f"{label} with an {'empty' if empty else 'invalid'} {prop.name!r}"
    body = [call(4, "arguments = ", [f"**arguments_for({constant})", f"{py_string(prop.name)}: {sent}"], brackets="{}"),
            call(4, "outcome = await call_tool", [py_string(tool.name), "arguments"]),
            call(4, "expect_error", ["outcome", py_string(what)])]
    doc = f"{'An empty' if empty else 'A'} value of '{prop.name}' that {'the code' if empty else 'its schema or the code'} " \
          "rejects is an error, not a success."
    case = f"{'empty' if empty else 'invalid'}_{identifier(prop.name)}"
    return _test(plan, "tool", tool.name, case, doc, body)


def _tool_check_lines(check) -> list[str]:
    if check.form == "is_error":
        return ["    expect_is_error(outcome)"]
    if check.form == "code":
        return ["    expect_code(outcome, INVALID_PARAMS)"]
    return []


def _unknown_tool_test(plan: ServerPlan) -> str:
    check = tool_check(plan.stack, plan.middleware, "unknown")
    return "\n".join(["async def test_unknown_tool() -> None:",
                      '    """tools/call of a name the server does not declare is an error."""',
                      "    outcome = await call_tool(UNKNOWN_NAME, {})",
                      '    expect_error(outcome, "tools/call of an unknown tool")',
                      *_tool_check_lines(check)])


# --- completion cases ----------------------------------------------------------------


def _complete(client: _Client) -> str:
    return "\n".join([
        "async def complete(",
        "    prompt: str,",
        "    argument: str,",
        "    value: str,",
        "    context: dict[str, Any] | None,",
        ") -> Outcome:",
        '    """completion/complete of `argument` of `prompt` for `value`, given `context`."""',
        '    ref = PromptReference(type="ref/prompt", name=prompt)',
        '    request = {"name": argument, "value": value}',
        f"    return await send({py_string(client.complete)}, ref, request, context)",
        "",
        "",
        "def expect_completion(outcome: Outcome, what: str) -> None:",
        '    """Assert a completion answer: strings only, at most 100 (the spec\'s limit)."""',
        "    expect_success(outcome, what)",
        "    values = outcome.result.completion.values",
        '    assert all(isinstance(value, str) for value in values), f"{what}: {values!r}"',
        '    assert len(values) <= 100, f"{what}: {len(values)} values, more than 100"',
    ])


def _completion_tests(plan: ServerPlan, prompt_name: str, argument_name: str) -> str:
    prompt = next(p for p in plan.prompts if p.name == prompt_name)
    argument = next(a for a in prompt.arguments if a.name == argument_name)
    value = argument.value.value if argument.solved and isinstance(argument.value.value, str) else ""
    partial = py_string(value[:1])
    case = f"{identifier(prompt_name)}_{identifier(argument_name)}"
    label = docstring_text(f"completion of '{argument_name}' of '{prompt_name}'")
    names = [py_string(prompt_name), py_string(argument_name), partial]
    partial_test = "\n".join([
        f"async def test_completion_{case}_partial() -> None:",
        f'    """{label} for a partial value answers with at most 100 values."""',
        call(4, "outcome = await complete", [*names, "None"]),
        call(4, "expect_completion", ["outcome", py_string(label)]),
    ])
    context_test = "\n".join([
        f"async def test_completion_{case}_contextual() -> None:",
        f'    """{label} with the other arguments as context answers too."""',
        call(4, "context = arguments_for", [_prompt_constant(prompt), f"without={py_string(argument_name)}"]),
        call(4, "outcome = await complete", [*names, "context"]),
        call(4, "expect_completion", ["outcome", py_string(label + " in context")]),
    ])
    return partial_test + "\n\n\n" + context_test
