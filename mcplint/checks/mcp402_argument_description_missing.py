"""MCP402 argument-description-missing: a prompt argument with no description (opt-in).

Clients show ``PromptArgument.description`` next to the input field (MCP specification,
server/prompts). Without it a user sees a bare name such as ``q`` or ``ctx``. For decorated
prompts the FastMCP family takes the description from ``Field(description=...)``; fastmcp 3+
also reads a docstring's ``Args:`` section, which mcp 1.x FastMCP, mcp 2.x MCPServer and
fastmcp 2.x ignore (``../shared/FRAMEWORKS.md`` §2, §4, §5, §6).
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from mcplint.checks._arguments import literal_entry, prompt_arguments, where
from mcplint.checks.base import Finding, Rule
from mcplint.model.facts import Stack
from mcplint.model.module_info import literal_value, walk
from mcplint.model.stacks import LABELS

# Stacks that turn a docstring's ``Args:`` entry into the argument description; the
# unpinned standalone fastmcp may be 3.x, so its docstrings count too (no guessing).
_DOCSTRING_STACKS = {Stack.FASTMCP3, Stack.FASTMCP4, Stack.FASTMCP}
_SECTION = re.compile(r"^\s*(Args|Arguments|Parameters|Params)\s*:?\s*$")
_ENTRY = re.compile(r"^\s*(?:[*-]\s+)?\*{0,2}(\w+)\s*(\([^)]*\))?\s*:")
_BULLET = re.compile(r"^\s*[*-]\s+\w")


class ArgumentDescriptionMissing(Rule):
    """Fires at a ``PromptArgument``/argument dict without ``description`` and at a decorated
    prompt's parameter without a ``Field(description=...)`` (or, where the stack reads it, a
    docstring ``Args:`` entry)."""

    code = "MCP402"
    name = "argument-description-missing"
    summary = "A prompt argument has no description"
    opt_in = True

    def check(self, model) -> Iterator[Finding]:
        documented: dict[int, set[str]] = {}
        for server, declaration, argument in prompt_arguments(model):
            if argument.literal is not None:
                if _described(literal_entry(argument.literal, "description")):
                    continue
                yield Finding(argument.literal, _message(argument, declaration, ""))
                continue
            if declaration.style != "signature" or not isinstance(argument.node, cst.Param):
                continue
            if _field_described(argument.node):
                continue
            function = _function_of(model, declaration)
            if function is None:
                continue
            names = documented.setdefault(id(function), _docstring_arguments(function))
            if argument.name in names:
                if server.stack in _DOCSTRING_STACKS:
                    continue
                note = (f"; {LABELS[server.stack]} ignores the docstring's entry for it, "
                        f"use Annotated[str, Field(description=...)]")
                yield Finding(argument.node, _message(argument, declaration, note))
                continue
            yield Finding(argument.node, _message(argument, declaration, ""))


def _message(argument, declaration, note: str) -> str:
    return (f"Argument '{argument.name}' {where(declaration)} has no description: clients show the user "
            f"a bare field name{note}")


def _described(value: cst.BaseExpression | None) -> bool:
    """A ``description`` value that is not missing, ``None`` or an empty literal."""
    if value is None or (isinstance(value, cst.Name) and value.value == "None"):
        return False
    if isinstance(value, cst.SimpleString):
        return bool(literal_value(value).strip())
    return True  # a constant or an expression: assume it holds text


def _field_described(param: cst.Param) -> bool:
    """``Annotated[str, Field(description=...)]`` or ``= Field(..., description=...)``."""
    candidates = [param.default] if param.default is not None else []
    if param.annotation is not None:
        candidates.append(param.annotation.annotation)
    return any(isinstance(current, cst.Call) and _callee(current).endswith("Field")
               and _described(literal_entry(current, "description"))
               for node in candidates for current in walk(node))


def _callee(call: cst.Call) -> str:
    func = call.func
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) else ""


def _function_of(model, declaration):
    for _server, handler in model.handlers():
        if declaration in (handler.declarations or ()):
            return handler.function
    return None


def _docstring_arguments(function: cst.FunctionDef) -> set[str]:
    """Parameter names documented in the docstring's ``Args:`` (Google) or ``Parameters``
    (numpy) section."""
    lines = (function.get_docstring() or "").splitlines()
    names: set[str] = set()
    for index, line in enumerate(lines):
        if _SECTION.match(line):
            names |= _section_entries(lines[index + 1:], _indent(line))
    return names


def _section_entries(lines: list[str], header_indent: int) -> set[str]:
    numpy = bool(lines) and bool(lines[0].strip()) and set(lines[0].strip()) == {"-"}
    names: set[str] = set()
    for line in lines[1:] if numpy else lines:
        if not line.strip():
            if numpy:
                break
            continue
        indent = _indent(line)
        bullet = bool(_BULLET.match(line))  # ``* name: text`` lists may sit at the header's margin
        if indent < header_indent or (not numpy and indent == header_indent and not bullet):
            break
        match = _ENTRY.match(line)
        if match and (numpy or bullet or indent > header_indent):
            names.add(match.group(1))
    return names


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
