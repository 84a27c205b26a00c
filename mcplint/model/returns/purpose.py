"""What a tool is for, read from its name and the first sentence of its description: a tool
whose purpose is to report on something it was asked to check answers with that thing's
failure, and that answer is not a failure of the call.

``service_health`` answers "unreachable", ``validate_json`` answers "invalid JSON at line 3",
``item_exists`` answers "item X does not exist", ``job_status`` answers a job's ``"error"``
state and ``build_result`` a failed build: each is the result the caller asked for (MCP
specification 2025-11-25, server/tools "Error Handling": ``isError`` reports that the *tool
call* failed, so a probe that worked must not set it).

Purposes, by the words that name them:

* ``probe``: health, reachability, uptime, liveness, connectivity (``db_health``, ``ping``,
  "report it unreachable", ``test_connection``, ``check_auth``);
* ``validator``: validate, verify, check, lint (``check_syntax``, ``validate_json``);
* ``state``: the status, state or outcome of something, by the tool's name (``job_status``;
  a description that mentions a status in passing names no purpose);
* ``existence``: whether something exists or holds, a yes/no question (``item_exists``,
  ``is_merged``, "Tell whether a build passed");
* ``tester``: runs a test and reports how it went, by the tool's name (``run_tests``).

A tool's identity is judged only when every tool served at the return has one purpose
(a branch of a dispatcher serving several tools with different purposes has none).
"""

from __future__ import annotations

import re

import libcst as cst

from mcplint.model.facts import Declaration, HandlerModel

_PROBE = {"health", "healthy", "unhealthy", "healthcheck", "ping", "probe", "uptime", "alive", "liveness",
          "readiness", "reachable", "unreachable", "reachability", "connectivity", "heartbeat"}
_VALIDATOR = {"validate", "validates", "validation", "validator", "verification", "lint", "linter", "compiles",
              "parses", "valid", "invalid", "validity"}
#: Verbs that name a validator only with a description that says so too, or none to say
#: otherwise (``check_package`` "Newest release of a package" fetches, it does not check).
_WEAK_VALIDATOR = {"check", "checks", "checker", "verify", "verifies"}
_STATE = {"status", "state", "outcome"}
_EXISTENCE = {"exists", "exist", "existence", "whether"}
_TESTER = {"test", "tests", "tester"}
#: ``test_connection``, ``check_auth``: a probe of a connection or of credentials.
_PROBED = {"connection", "connect", "connectivity", "auth", "authentication", "credentials", "login", "access"}
_QUESTION_PREFIXES = {"is", "has", "can", "does"}


def tool_purposes(handler: HandlerModel, served) -> frozenset[str]:
    """The purposes (``probe``, ``validator``, ``state``, ``existence``, ``tester``) every tool served at a
    return shares; empty when the handler is not a tool's, the served tools are not known, or
    any of them names no purpose."""
    if handler.kind != "tool":
        return frozenset()
    declarations = handler.served_declarations(served)
    if not declarations:
        return frozenset()
    shared: frozenset[str] | None = None
    for declaration in declarations:
        found = _purposes(*_identity(handler, declaration))
        shared = found if shared is None else shared & found
        if not shared:
            return frozenset()
    return shared or frozenset()


def _identity(handler: HandlerModel, declaration: Declaration) -> tuple[str, str]:
    """(the tool's name, the first sentence of its description)."""
    name = declaration.name or ""
    description = None
    if declaration.fields is not None and isinstance(declaration.fields.get("description"), str):
        description = declaration.fields["description"]
    if description is None and declaration.style == "signature":
        description = _keyword_text(declaration.node, "description") or _docstring(handler.function)
    return name, _first_sentence(description or "")


def _purposes(name: str, description: str) -> frozenset[str]:
    name_words = _words(name)
    described = _words(description)
    words = name_words | described
    found = set()
    if words & _PROBE or (name_words & (_VALIDATOR | _WEAK_VALIDATOR | _TESTER) and name_words & _PROBED):
        found.add("probe")
    if words & _VALIDATOR or (name_words & _WEAK_VALIDATOR and (
            not described or described & (_PROBE | _VALIDATOR | _WEAK_VALIDATOR | _STATE | _EXISTENCE | _TESTER))):
        found.add("validator")
    if name_words & _STATE:  # "Manage rollouts (restart, status, ...)" names no purpose
        found.add("state")
    if words & _EXISTENCE or _first_word(name) in _QUESTION_PREFIXES:
        found.add("existence")
    if name_words & _TESTER:
        found.add("tester")
    return frozenset(found)


def _words(text: str) -> set[str]:
    """Lower-case words of a name (snake, kebab or camel case) or of a sentence."""
    return {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", text)}


def _first_word(name: str) -> str:
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)
    return words[0].lower() if words else ""


def _first_sentence(text: str) -> str:
    text = text.strip()
    match = re.search(r"[.!?](\s|$)|\n\s*\n", text)
    return text[: match.start()] if match else text


def _docstring(function: cst.FunctionDef) -> str | None:
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr):
        value = body[0].body[0].value
        if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
            text = value.evaluated_value
            return text if isinstance(text, str) else None
    return None


def _keyword_text(site: cst.CSTNode, keyword: str) -> str | None:
    """``description="..."`` of the registering call (``@mcp.tool(description=...)``)."""
    call = site.decorator if isinstance(site, cst.Decorator) else site
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Call):
        call = call.func
    if not isinstance(call, cst.Call):
        return None
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword \
                and isinstance(arg.value, (cst.SimpleString, cst.ConcatenatedString)):
            text = arg.value.evaluated_value
            return text if isinstance(text, str) else None
    return None
