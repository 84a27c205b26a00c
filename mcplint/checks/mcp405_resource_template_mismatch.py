"""MCP405 resource-template-mismatch: URI template variables vs the function's parameters.

Registration checks per stack (each raises ``ValueError`` when the decorator runs, so the
server fails at import):

* mcp 1.x ``FastMCP``: when the URI has braces or the function has parameters, the set of
  ``{(\\w+)}`` placeholders must **equal** the parameters minus the Context one; ``{path*}``
  and RFC 6570 operators are not understood (mcp 1.29.0 ``src/mcp/server/fastmcp/server.py``
  ``resource``).
* mcp 2.x ``MCPServer``: the RFC 6570 variables must equal the parameters minus Context,
  ``{?q}``/``{&q}`` query variables need a Python default, a URI without variables takes no
  parameters, and ``{path*}`` (explode without a path operator) is an ``InvalidUriTemplate``
  (mcp 2.0.0 ``src/mcp/server/mcpserver/server.py`` ``resource``, ``src/mcp/shared/uri_template.py``).
* fastmcp 2/3/4: URI variables ⊆ parameters unless the function takes ``**kwargs``; required
  parameters ⊆ path variables (``{name}`` or ``{name*}``); query variables need defaults;
  ``*args`` is rejected; a URI without variables takes no parameters (fastmcp 2.14.5 /
  3.0.0rc2 ``src/fastmcp/resources/template.py`` ``from_function``).

``../shared/FRAMEWORKS.md`` "Resource-template registration checks".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

import libcst as cst

from mcplint.checks.base import Finding, Rule
from mcplint.model.facts import Stack
from mcplint.model.module_info import is_context_annotation, walk
from mcplint.model.registrations import ResourceTemplate, registrations
from mcplint.model.stacks import LABELS

_FASTMCP = (Stack.FASTMCP, Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP4)


@dataclass(frozen=True)
class _Signature:
    """A resource function's parameters as the frameworks see them (Context excluded)."""

    names: frozenset[str]
    required: frozenset[str]
    optional: frozenset[str]
    var_keyword: str | None
    var_positional: str | None

    def all_names(self) -> set[str]:
        """Every parameter name ``inspect.signature`` lists (``*args``/``**kwargs`` included)."""
        return set(self.names) | {n for n in (self.var_keyword, self.var_positional) if n}


class ResourceTemplateMismatch(Rule):
    """Fires at the URI of a ``@mcp.resource(uri)`` whose variables its stack rejects for this function."""

    code = "MCP405"
    name = "resource-template-mismatch"
    summary = "Resource URI template variables do not match the function's parameters"

    def check(self, model) -> Iterator[Finding]:
        for template in registrations(model).templates:
            if not isinstance(template.uri, str):
                continue
            problem = _problem(template, _signature(template.function, model.info))
            if problem is not None:
                yield Finding(template.uri_node, f"Resource URI '{template.uri}' of {template.function.name.value}() "
                                                 f"{problem}: {LABELS[template.server.stack]} raises ValueError when "
                                                 f"the decorator runs, so the server fails at import")


def _problem(template: ResourceTemplate, sig: _Signature) -> str | None:
    stack, uri = template.server.stack, template.uri
    if stack is Stack.MCP1_FASTMCP:
        return _mcp1_problem(uri, sig)
    if stack is Stack.MCP2_MCPSERVER:
        return _mcp2_problem(uri, sig)
    if stack in _FASTMCP:
        return _fastmcp_problem(uri, sig)
    return None


def _mcp1_problem(uri: str, sig: _Signature) -> str | None:
    if not ("{" in uri and "}" in uri) and not sig.names and not sig.var_keyword and not sig.var_positional:
        return None
    variables = set(re.findall(r"{(\w+)}", uri))
    names = sig.all_names()
    if variables == names:
        return None
    if re.search(r"{[^}]*[^\w}][^}]*}", uri):
        return ("uses RFC 6570 syntax ('{path*}', '{+path}', '{?q}') that this stack does not parse, so its "
                "variables do not match the parameters")
    return _difference(variables, names)


def _mcp2_problem(uri: str, sig: _Signature) -> str | None:
    expressions = re.findall(r"{([^}]*)}", uri)
    variables: set[str] = set()
    query: set[str] = set()
    for expression in expressions:
        operator = expression[:1] if expression[:1] in "+#./;?&" else ""
        for item in expression[len(operator):].split(","):
            name = item.strip()
            if name.endswith("*"):
                if not operator:
                    return (f"uses '{{{expression}}}', an explode variable without a path operator, which is an "
                            f"InvalidUriTemplate (write '{{+{name[:-1]}}}' or '{{/{name}}}')")
                if operator not in "/.;":
                    return None  # other explode forms: leave them to the SDK's parser
                name = name[:-1]
            if not re.fullmatch(r"\w+", name):
                return None  # prefix modifiers and odd names: leave them to the SDK
            variables.add(name)
            if operator in ("?", "&"):
                query.add(name)
    names = sig.all_names()
    if not variables:
        return f"has no template variables but the function takes {_list(names)}" if names else None
    if variables != names:
        return _difference(variables, names)
    missing = sorted(query & sig.required)
    if missing:
        return f"has query variable(s) {_list(missing)} whose parameters have no default (a client may omit them)"
    return None


def _fastmcp_problem(uri: str, sig: _Signature) -> str | None:
    has_braces = "{" in uri and "}" in uri
    if not has_braces and not sig.names and not sig.var_keyword and not sig.var_positional:
        return None
    if sig.var_positional:
        return "belongs to a function with *args, which fastmcp rejects for resource templates"
    path = set(re.findall(r"{(\w+)(?:\*)?}", uri))
    query: set[str] = set()
    for group in re.findall(r"{\?([^}]+)}", uri):
        query.update(part.strip() for part in group.split(","))
    if not path and not query:
        return f"has no template variables but the function takes {_list(sig.names)}"
    if query - sig.optional:
        return f"has query variable(s) {_list(query - sig.optional)} that are not parameters with defaults"
    if not sig.required <= path:
        return f"lacks path variable(s) for the required parameter(s) {_list(sig.required - path)}"
    if not sig.var_keyword and not (path | query) <= sig.names:
        return f"names variable(s) {_list((path | query) - sig.names)} that the function has no parameter for"
    return None


def _difference(variables: set[str], names: set[str]) -> str:
    extra, missing = sorted(variables - names), sorted(names - variables)
    parts = []
    if extra:
        parts.append(f"names variable(s) {_list(extra)} that the function has no parameter for")
    if missing:
        parts.append(f"has no variable for parameter(s) {_list(missing)}")
    return " and ".join(parts) + " (this stack requires them to be equal)"


def _list(names) -> str:
    return ", ".join(f"'{name}'" for name in sorted(names))


def _signature(function: cst.FunctionDef, info=None) -> _Signature:
    params = function.params
    names, required, optional = set(), set(), set()
    for param in list(params.posonly_params) + list(params.params) + list(params.kwonly_params):
        if param.name.value in ("self", "cls") or _is_injected(param, info):
            continue
        names.add(param.name.value)
        (optional if param.default is not None else required).add(param.name.value)
    return _Signature(frozenset(names), frozenset(required), frozenset(optional),
                      params.star_kwarg.name.value if isinstance(params.star_kwarg, cst.Param) else None,
                      params.star_arg.name.value if isinstance(params.star_arg, cst.Param) else None)


def _is_injected(param: cst.Param, info=None) -> bool:
    """The Context parameter (by annotation) or a fastmcp dependency (``= Depends(...)``)."""
    if param.annotation is not None and is_context_annotation(param.annotation.annotation, info):
        return True
    default = param.default
    return isinstance(default, cst.Call) and any(n in ("Depends", "CurrentContext") for n in _names(default.func))


def _names(node: cst.CSTNode) -> set[str]:
    return {current.value if isinstance(current, cst.Name) else current.attr.value
            for current in walk(node) if isinstance(current, (cst.Name, cst.Attribute))}
