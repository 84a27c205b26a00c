"""MCP501 completion-for-undeclared-argument: a completion handler keyed on a name nobody declares.

A completion handler answers ``completion/complete`` for a prompt argument (``ref.name`` is
the prompt, ``argument.name`` the argument) or a resource-template variable. A branch that
tests a prompt or argument name this server never declares can never be taken: the real
argument gets no completions, usually because of a typo or a rename. Handler shapes:
``../shared/FRAMEWORKS.md`` §1 (mcp 1.x ``@server.completion()``, ``(ref, argument, context)``),
§2/§4 (``@mcp.completion()``), §3 (mcp 2.x ``on_completion=``, ``params.ref``/``params.argument``),
§5-7 (fastmcp ``@mcp._mcp_server.completion()``, fastmcp 4 ``@mcp.completion``).
"""

from __future__ import annotations

import re
from typing import Iterator

from mcplint.checks._common import did_you_mean
from mcplint.checks.base import Finding, Rule
from mcplint.model.completions import NameTest, name_tests
from mcplint.model.registrations import (
    CompletionHandler,
    prompt_arguments,
    registrations,
)


class CompletionForUndeclaredArgument(Rule):
    """Fires at the literal a completion handler compares with an undeclared prompt or argument name.

    Silent when the server's prompts are not all known (dynamic registration, another module,
    an unevaluable ``list_prompts``) and, for argument names not gated on a prompt, when its
    resource templates are not all known.
    """

    code = "MCP501"
    name = "completion-for-undeclared-argument"
    summary = "A completion handler tests a prompt or argument name the server does not declare"

    def check(self, model) -> Iterator[Finding]:
        found = registrations(model)
        for handler in found.completions:
            prompts = prompt_arguments(model, handler.server)
            if prompts is None:
                continue
            variables = _template_variables(found, handler)
            for test in name_tests(handler):
                finding = _judge(test, prompts, variables, handler)
                if finding is not None:
                    yield finding


def _judge(test: NameTest, prompts: dict[str, set[str]], variables: set[str] | None,
           handler: CompletionHandler) -> Finding | None:
    function = handler.function.name.value
    if test.kind == "prompt":
        if test.value in prompts or test.gate_ref == "resource":
            return None
        hint = _hint(test.value, set(prompts))
        return Finding(test.node, f"Completion handler {function}() tests for prompt '{test.value}', which this "
                                  f"server does not declare, so the branch never runs{hint}")
    candidates = _argument_candidates(test, prompts, variables)
    if candidates is None or test.value in candidates:
        return None
    if test.gate_prompts:
        where = f"prompt{'s' if len(test.gate_prompts) > 1 else ''} {_names(test.gate_prompts)} {'do' if len(test.gate_prompts) > 1 else 'does'} not declare"
    else:
        owners = {"prompt": "prompt", "resource": "resource template"}.get(test.gate_ref or "", "prompt or resource template")
        where = f"no {owners} of this server declares"
    hint = _hint(test.value, candidates)
    return Finding(test.node, f"Completion handler {function}() completes argument '{test.value}', which "
                              f"{where}, so its completions are never asked for{hint}")


def _argument_candidates(test: NameTest, prompts: dict[str, set[str]], variables: set[str] | None) -> set[str] | None:
    """The argument names the test could legitimately match; None when unknown."""
    if test.gate_prompts:
        if not test.gate_prompts <= set(prompts):
            return None  # the prompt test itself is reported
        return set().union(*(prompts[name] for name in test.gate_prompts))
    prompt_args = set().union(*prompts.values()) if prompts else set()
    if test.gate_ref == "prompt":
        return prompt_args
    if test.gate_ref == "resource":
        return variables
    return None if variables is None else prompt_args | variables


def _template_variables(found, handler: CompletionHandler) -> set[str] | None:
    """Variables of the server's resource templates; None when they cannot all be known."""
    if handler.server.variable in found.open_templates:
        return None
    variables: set[str] = set()
    for template in found.templates:
        if template.server is not handler.server:
            continue
        if not isinstance(template.uri, str):
            return None
        for expression in re.findall(r"{([^}]*)}", template.uri):
            for item in expression.lstrip("+#./;?&").split(","):
                variables.add(item.strip().rstrip("*").split(":")[0])
    return variables


def _hint(value: str, candidates: set[str]) -> str:
    suggestion = did_you_mean(value, candidates, candidates)
    if suggestion:
        return f"; did you mean '{suggestion}'?"
    if candidates:
        return f" (declared: {_names(candidates)})"
    return ""


def _names(names) -> str:
    return ", ".join(f"'{n}'" for n in sorted(names))
