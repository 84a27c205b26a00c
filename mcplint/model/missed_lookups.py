"""A raise on the branch where a lookup keyed by an argument's value came back empty.

``book = next((b for b in BOOKS if b["id"] == book_id), None)`` then ``if not book: raise
ValueError(f"Book '{book_id}' not found")``, or ``ticket = await store.get(key)`` then ``if
ticket is None: raise NotFoundError(f"no ticket {key}")``: the caller named something that does
not exist. That is an invalid argument value, which the MCP specification (server/prompts,
"Error Handling") answers with -32602 Invalid params; a generic exception arrives as code 0 or
-32603 (``../shared/FRAMEWORKS.md``, "Verified behaviour: prompts/get").

A lookup's empty answer may also mean that a service failed (``data = await fetch(city)`` then
``raise RuntimeError("weather service unavailable")``), so the raise's own text must say that
the named thing is missing or not valid ("not found", "unknown", "no such", "no ticket X",
"invalid"); a search ("No results for ...") is no lookup of one named thing. Judged on the
walked code's control flow (:mod:`mcplint.model.returns.lookups` finds the lookup), never by
running it.
"""

from __future__ import annotations

import re

import libcst as cst

from mcplint.model.returns.lookups import is_search, lookup_argument_keys, missed_lookup_call, says_key_absent
from mcplint.model.returns.statements import message_texts

#: Text that says the thing the caller named is missing or not acceptable. ``{}`` stands for an
#: interpolated value (``f"no ticket {key}"`` reads ``no ticket {}``).
_MISSING_THING = re.compile(
    r"\bnot found\b|\b(does not|doesn't|did not|didn't) exist\b|\bno such\b|\bunknown\b|\binvalid\b"
    r"|\bun(supported|recogni[sz]ed)\b|\b(must be|use|expected|choose|pick) one of\b"
    r"|\bnot (a )?(valid|known|recogni[sz]ed|supported)\b|\b(could not|couldn't|cannot|can't|unable to) find\b"
    r"|^\W*no\s+[\w-]+(\s+[\w-]+)?\s+(named\s+|called\s+|matching\s+)?['\"`(]?\{\}",
    re.IGNORECASE)
#: Text that says the work failed (or the service answered badly) rather than that the named
#: thing is missing: "Unknown error", "Invalid response from the server", "invalid API token".
_SERVICE_FAILURE = re.compile(r"\b(failed|failure|unavailable|timed out|timeout|unreachable|connection"
                              r"|unknown error|response|server|service|api|credentials?|token|auth\w*|permission"
                              r"|quota|rate limit)\b", re.IGNORECASE)


def missed_lookup_reason(walker, statement: cst.Raise, state) -> tuple[str, str] | None:
    """``("argument", key)`` when ``statement`` raises on the branch where a lookup keyed by
    argument ``key``'s value came back empty and its message says the named thing is missing
    (:data:`_MISSING_THING`); None otherwise (the raise's reason stays what the walk found).

    ``walker`` is the flow walk (:class:`mcplint.model.flow.HandlerWalker`): the function it is
    in (a helper walked in place included) and the argument values it tracks in ``state``."""
    exc = statement.exc
    if exc is None:
        return None
    text = next(message_texts(exc), "") if isinstance(exc, cst.Call) else ""
    if not text or _SERVICE_FAILURE.search(text) or not (_MISSING_THING.search(text) or says_key_absent(text)):
        return None
    function = getattr(walker, "_function", None) or walker.handler.function
    call = missed_lookup_call(function, statement)
    if call is None or is_search(call, text):
        return None
    key = next(lookup_argument_keys(walker, function, call, state), None)
    return ("argument", key) if key is not None else None


__all__ = ["missed_lookup_reason"]
