"""MCP104 unknown-name-accepted: a low-level handler renders for names it never declared.

The low-level ``Server`` passes any requested name to the handler (``../shared/FRAMEWORKS.md``
§1 and §3); the MCP specification (server/prompts, "Error Handling") wants an unknown prompt
name answered with -32602 Invalid params. A handler that never looks at the name, or whose
final ``else:`` renders a prompt, answers every misspelt or stale name with a real result.
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, Related, Rule
from mcplint.model.stacks import idiomatic_invalid_params


class UnknownNameAccepted(Rule):
    """Fires on low-level handlers whose control flow lets an undeclared name reach a render.

    Three shapes: the handler never tests the name although the list declares prompts (range:
    the handler's name); a return that undeclared names reach after (or in the final
    ``else:`` of) a dispatch on the name (range: that return); and a list handler returning
    an empty list while the get handler still returns a result (range: that return, since
    every name is unknown). Silent when the declarations
    are unknown, when the name is handed to code mcplint cannot follow (a dict lookup, a
    helper call), when unmatched names reach only raises or error returns, and on the
    FastMCP family, whose frameworks register each prompt by name and reject the rest.
    """

    code = "MCP104"
    name = "unknown-name-accepted"
    summary = "A get-prompt or call-tool handler renders for names it never declared"
    # Preview: it reports every single-prompt (single-tool) low-level server that ignores the
    # name, a common shape in examples; users opt in until the wording has settled.
    preview = True

    def check(self, model) -> Iterator[Finding]:
        for server, handler in model.handlers():
            dispatch = handler.dispatch
            if dispatch is None or dispatch.escaped or handler.declarations is None:
                continue
            fix = _fix(server, handler)
            if not handler.declarations:  # the list is empty: every requested name is unknown
                for site in dispatch.returns:
                    if site.unknown and not site.error:
                        yield Finding(site.node, _nothing_listed_message(handler, fix),
                                      (Related(handler.function.name, f"{handler.kind} handler"),))
                continue
            names = sorted(d.name for d in handler.declarations)
            if not dispatch.tests_name:
                if any(not site.error for site in dispatch.returns):
                    yield Finding(handler.function.name, _ignores_message(handler, names, fix))
                continue
            for site in dispatch.returns:
                # A return only undeclared names reach is the handler's own unknown-name
                # path: what it sends there is MCP204's concern (error returned as result).
                if site.unknown and site.names and not site.error:
                    yield Finding(site.node, _open_message(handler, site, fix),
                                  (Related(handler.function.name, f"{handler.kind} handler"),))


def _fix(server, handler) -> str:
    if handler.kind == "prompt":
        return idiomatic_invalid_params(server.stack, server.error_middleware)
    return "raise an error for them (the spec's 'Unknown tool' error) instead of running a tool"


def _quoted(names) -> str:
    return ", ".join(f"'{n}'" for n in sorted(names))


def _ignores_message(handler, names: list[str], fix: str) -> str:
    what = "a request for any name, declared or not," if handler.kind == "prompt" else "a call of any tool name"
    verb = "renders" if handler.kind == "prompt" else "runs"
    return (f"{handler.function.name.value}() never checks the requested {handler.kind} name: {what} "
            f"{verb} {handler.kind} {_quoted(names)}; for names the list does not declare, {fix}")


def _nothing_listed_message(handler, fix: str) -> str:
    kind = handler.kind
    verb = "returns a prompt" if kind == "prompt" else "returns a tool result"
    return (f"The {kind} list is empty, yet {handler.function.name.value}() {verb} for any requested name: "
            f"every name is unknown here; {fix}")


def _open_message(handler, site, fix: str) -> str:
    where = "The final else branch" if site.in_else else "This return"
    served = f" (the branch of {handler.kind} {_quoted(site.names)})" if site.names else ""
    verb = "renders a prompt" if handler.kind == "prompt" else "returns a tool result"
    return (f"{where}{served} also {verb} for every {handler.kind} name the list does not declare; "
            f"for those names, {fix}")
