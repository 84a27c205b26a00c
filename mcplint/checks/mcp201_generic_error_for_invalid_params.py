"""MCP201 generic-error-for-invalid-params: a caller error raised as a generic exception.

MCP spec (server/prompts, "Error Handling"): an unknown prompt name or a missing required
argument is JSON-RPC -32602 Invalid params. A ``ValueError``/``KeyError``/``assert`` in a
prompt handler reaches the client as code 0 or -32603 depending on the stack
(``../shared/FRAMEWORKS.md``, "Verified behaviour: prompts/get").
"""

from __future__ import annotations

from typing import Iterator

from mcplint.checks.base import Finding, Rule
from mcplint.model.facts import Stack
from mcplint.model.stacks import LABELS, idiomatic_invalid_params, prompt_error_outcome


class GenericErrorForInvalidParams(Rule):
    """Fires on a raise whose control flow makes it a caller error (a failed test of the name
    or of an argument) when its exception does not become -32602 on the server's stack.

    Tools are judged only for an unknown tool name on mcp 2.x low-level, the one stack where
    a handler exception is a JSON-RPC error (mcp 1.x turns every tool exception into an
    ``isError`` result); tool *argument* errors belong to MCP207.
    """

    code = "MCP201"
    name = "generic-error-for-invalid-params"
    summary = "An unknown name or invalid argument is raised as a generic exception, not -32602"

    def check(self, model) -> Iterator[Finding]:
        for server, handler in model.handlers():
            for site in handler.raises:
                if site.reason is None or site.error.category in ("mcp", "unknown"):
                    continue
                if handler.kind == "tool" and not (site.reason == "unknown-name" and server.stack is Stack.MCP2_LOWLEVEL):
                    continue
                correct, received = prompt_error_outcome(server, site.error)
                if correct:
                    continue
                yield Finding(site.node, _message(server, handler, site, received))


def _message(server, handler, site, received: str) -> str:
    if site.reason == "unknown-name":
        what = f"An unknown {handler.kind} name"
    elif site.key:
        what = f"An invalid or missing argument '{site.key}'"
    else:
        what = "An invalid or missing argument"
    fix = idiomatic_invalid_params(server.stack, server.error_middleware)
    return (f"{what} raises {site.error.name}: on {LABELS[server.stack]} the client receives {received} "
            f"instead of -32602 Invalid params; {fix}")
