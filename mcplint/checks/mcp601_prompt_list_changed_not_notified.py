"""MCP601 prompt-list-changed-not-notified: prompts added or removed at runtime, silently.

A server that declares ``prompts.listChanged`` promises ``notifications/prompts/list_changed``
whenever ``prompts/list`` would answer differently (MCP spec, server/prompts "List Changed
Notification"). Clients cache the list, so a prompt added from a tool call stays invisible
until they happen to re-list. fastmcp 2.x queues the notification itself when
``add_prompt`` runs inside a request (fastmcp 2.14.5 ``src/fastmcp/server/server.py``
``add_prompt``: ``context._queue_prompt_list_changed()``); fastmcp 3/4, mcp 1.x FastMCP,
mcp 2.x MCPServer (``add_prompt``/``remove_prompt`` in mcp 2.0.0
``src/mcp/server/mcpserver/server.py``) and the low-level servers do not
(``../shared/FRAMEWORKS.md`` "Prompt list changes at runtime"): the code must call
``send_prompt_list_changed()`` (mcp 1.29.0 ``src/mcp/server/session.py``; mcp 2.0.0
``src/mcp/server/connection.py``), ``ctx.notify_prompts_changed()`` or send a
``PromptListChangedNotification``.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks.base import Finding, Rule
from mcplint.model.facts import Stack
from mcplint.model.module_info import contains, dotted_name, walk
from mcplint.model.registrations import (
    PromptMutation,
    all_functions,
    module_info,
    registrations,
)
from mcplint.model.stacks import LABELS

# fastmcp 2.x notifies by itself; an unpinned standalone fastmcp may be 2.x, so it is unknown.
_SELF_NOTIFYING = (Stack.FASTMCP2, Stack.FASTMCP)


class PromptListChangedNotNotified(Rule):
    """Fires at a runtime change of the prompt list in a function that sends no list_changed.

    Only changes inside registered handlers (and module-local helpers they call) count: code
    that runs at import or before ``run()`` has no client to notify.
    """

    code = "MCP601"
    name = "prompt-list-changed-not-notified"
    summary = "Prompts are added or removed at runtime without a list_changed notification"
    preview = True

    def check(self, model) -> Iterator[Finding]:
        info = module_info(model)
        for mutation in registrations(model).mutations:
            if mutation.server.stack in _SELF_NOTIFYING:
                continue
            if _notified_around(mutation, info) or _caller_notifies(model, mutation, info):
                continue
            yield _finding(mutation)


def _finding(mutation: PromptMutation) -> Finding:
    return Finding(mutation.node, f"{mutation.what} changes the prompt list while the server runs, but "
                                  f"{mutation.function.name.value}() sends no prompts/list_changed notification "
                                  f"and {LABELS[mutation.server.stack]} sends none by itself: clients keep the old "
                                  f"list; call send_prompt_list_changed() on the session after the change")


def _notified_around(mutation: PromptMutation, info) -> bool:
    """Whether a notification is sent on the mutation's path through its function.

    Statements of every enclosing block count, before or after the change (within one
    request the order does not matter to the client), except code the path cannot reach:
    the other branches of an ``if`` holding the mutation, and what follows a ``return`` or
    ``raise`` on its path.
    """
    body = mutation.function.body
    return isinstance(body, cst.IndentedBlock) and _path_notifies(list(body.body), mutation.node, info)[0]


def _path_notifies(statements: list, target: cst.CSTNode, info) -> tuple[bool, bool]:
    """``(notified, exits)`` for the block holding ``target``: exits when its path returns."""
    for index, statement in enumerate(statements):
        if not contains(statement, target):
            continue
        if any(_notifies(earlier, info, depth=0) for earlier in statements[:index]):
            return True, False
        if isinstance(statement, cst.If):
            branch = _branch_with(statement, target)
            notified, exits = _path_notifies(branch, target, info) if branch else (False, False)
        else:
            notified, exits = _notifies(statement, info, depth=0), _exits(statement)
        if notified or exits:
            return notified, exits
        for later in statements[index + 1:]:
            if _notifies(later, info, depth=0):
                return True, False
            if _exits(later):
                return False, True
        return False, False
    return False, False


def _caller_notifies(model, mutation: PromptMutation, info) -> bool:
    """A helper that changes the list is covered when a function calling it notifies."""
    name = mutation.function.name.value
    for function in all_functions(model.module):
        if function is mutation.function:
            continue
        calls = [n for n in walk(function.body) if isinstance(n, cst.Call) and dotted_name(n.func) == name]
        if calls and _notifies(function, info, depth=0):
            return True
    return False


def _branch_with(statement: cst.If, target: cst.CSTNode) -> list | None:
    """The statements of the ``if``/``elif``/``else`` branch holding ``target``."""
    current: cst.If = statement
    while True:
        if contains(current.body, target):
            return list(current.body.body) if isinstance(current.body, cst.IndentedBlock) else None
        orelse = current.orelse
        if isinstance(orelse, cst.If):
            current = orelse
            continue
        if isinstance(orelse, cst.Else) and isinstance(orelse.body, cst.IndentedBlock) and contains(orelse.body, target):
            return list(orelse.body.body)
        return None


def _exits(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(isinstance(s, (cst.Return, cst.Raise)) for s in statement.body)


def _notifies(scope: cst.CSTNode, info, depth: int) -> bool:
    """Whether the code (or a module-local helper it calls) sends prompts/list_changed."""
    function = scope if isinstance(scope, cst.FunctionDef) else None
    for node in walk(scope.body if function is not None else scope):
        if isinstance(node, cst.Name) and node.value == "PromptListChangedNotification":
            return True
        if isinstance(node, cst.Attribute) and _is_notifier(node.attr.value):
            return True
        if isinstance(node, cst.Call) and depth < 2:
            callee = info.functions.get(dotted_name(node.func) or "")
            if callee is not None and callee is not function and _notifies(callee, info, depth + 1):
                return True
    return False


def _is_notifier(name: str) -> bool:
    lowered = name.lower()
    return "prompt" in lowered and "changed" in lowered


