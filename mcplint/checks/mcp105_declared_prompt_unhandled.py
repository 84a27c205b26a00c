"""MCP105 declared-prompt-unhandled: a listed prompt (or tool) that no branch of its handler serves.

Clients offer exactly what ``prompts/list`` (``tools/list``) returns. When the get handler
dispatches on the name and no branch serves a listed name, every request for it fails (or
falls into the unknown-name error), usually because of a renamed prompt or a typo.
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks._common import did_you_mean
from mcplint.checks.base import Finding, Related, Rule


class DeclaredPromptUnhandled(Rule):
    """Fires at each declaration whose name reaches no rendering return of the handler.

    Only judged when the handler dispatches on the name with tests mcplint can read
    completely (literal names, module constants, enum members) and the name reaches no
    code mcplint cannot follow; otherwise silent.
    """

    code = "MCP105"
    name = "declared-prompt-unhandled"
    summary = "A declared prompt or tool is served by no branch of its handler"

    def check(self, model) -> Iterator[Finding]:
        for _server, handler in model.handlers():
            unhandled = unhandled_declarations(handler)
            if not unhandled:
                continue
            dispatch = handler.dispatch
            strays = set(dispatch.tested_names) - {d.name for d in handler.declarations}
            for declaration in unhandled:
                yield _finding(handler, declaration, strays, dispatch)


def unhandled_declarations(handler) -> list:
    """The declarations of ``handler`` that no branch serves (empty when that cannot be judged).

    Shared with MCP103, which does not also report the arguments of a prompt nobody serves.
    """
    dispatch = handler.dispatch
    if dispatch is None or dispatch.escaped or not dispatch.tests_name or not handler.declarations:
        return []
    served = dispatch.served_names()
    return [d for d in handler.declarations if d.name not in served]


def _finding(handler, declaration, strays: set[str], dispatch) -> Finding:
    kind = handler.kind
    suggestion = did_you_mean(declaration.name, strays, strays)
    related = [Related(handler.function.name, f"{kind} handler {handler.function.name.value}()")]
    hint = ""
    if suggestion is not None:
        hint = f"; a branch tests '{suggestion}' instead: a typo?"
        related.append(Related(dispatch.tested_names[suggestion], f"the branch for '{suggestion}'"))
    return Finding(declaration.node,
                   f"{kind.capitalize()} '{declaration.name}' is listed, but no branch of "
                   f"{handler.function.name.value}() serves it: every request for it fails{hint}",
                   tuple(related))
