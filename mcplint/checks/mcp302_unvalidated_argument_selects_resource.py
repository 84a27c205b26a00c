"""MCP302 unvalidated-argument-selects-resource: a raw argument picks a file, URL, table or command.

Prompt arguments and tool inputs are whatever the client sends (MCP spec, server/prompts and
server/tools: "Servers MUST validate all prompt arguments" / "validate all tool inputs").
When such a value reaches ``open()``, a ``pathlib`` read, an HTTP request, SQL text or a shell
command without a check that limits it to known values (an allowed set, path containment,
a regex), ``../`` or another host or table is one argument away. A presence or emptiness
check limits nothing.
"""

from __future__ import annotations

from typing import Iterator


from mcplint.checks._common import served_label
from mcplint.checks.base import Finding, Related, Rule
from mcplint.model.argvalues import HandlerValues, handler_values
from mcplint.model.evaluate import Evaluator, ObjectValue

_REMEDY = {
    "path": "resolve it and require .is_relative_to(BASE_DIR), or look it up in an allowed set",
    "url": "check its scheme and host against an allow-list",
    "url-part": "encode it (urllib.parse.quote(value, safe=\"\")) or check it against a pattern or an allowed set",
    "sql": "pass it as a query parameter (execute(sql, (value,))) or check it against the known tables",
    "graphql": "pass it as a GraphQL variable ($name) instead of writing it into the query text",
    "shell": "pass a list without shell=True and check the value against an allowed set",
    "argv": "check it against a pattern that rejects a leading '-', or put \"--\" before it in the command",
    "ldap": "escape it with escape_filter_chars() (ldap3.utils.conv or ldap.filter) before it enters the filter",
    "header": "set the header from the checked form",
    "pattern": "match with its escaped form",
    "request-data": "send its escaped form",
    "built-text": "build the text from that form",
}
_WHAT = {"path": "a file path", "url": "a URL", "url-part": "the path or query of a URL", "sql": "SQL text", "graphql": "GraphQL query text", "shell": "a shell command",
         "argv": "a command-line argument, read as an option when it starts with '-',",
         "ldap": "an LDAP search filter", "header": "a mail header value",
         "pattern": "a regular expression or glob pattern", "request-data": "the query or body of a request",
         "built-text": "text"}
_CONSTRAINING_SCHEMA = ("enum", "const", "pattern", "format")


class UnvalidatedArgumentSelectsResource(Rule):
    """Fires on a sink call (``open``, ``Path.read_text``, ``httpx.get``, ``cursor.execute`` of
    built SQL, ``os.system``) whose path, URL, SQL or command comes from an argument that no
    constraining check (membership, containment, regex, a local validator) has limited, and
    on a request (``client.get(url, params=arguments)``) that sends the raw arguments mapping
    although a validator made a validated copy of it. Values are followed into project
    helpers (any module, closures, worker pools, handler objects); values passed through
    functions mcplint does not know are not followed."""

    code = "MCP302"
    name = "unvalidated-argument-selects-resource"
    summary = "A raw argument selects a file, URL, SQL table or command without a constraining check"
    preview = True

    def check(self, model) -> Iterator[Finding]:
        evaluator = None
        # a helper's sink that several handlers reach is one finding, at its first handler
        reported: set[int] = set()
        faults: dict[tuple[int, str], tuple] = {}  # (where the text was built, key) -> its finding's parts
        for values in handler_values(model):
            for sink in values.sinks:
                if id(sink.site or sink.node) in reported:
                    continue
                if sink.kind == "mapping":
                    reported.add(id(sink.node))
                    yield Finding(sink.node, _mapping_message(values, sink))
                    continue
                if not _holds_text(values, sink.key):
                    continue
                if values.handler.style == "mapping" and values.handler.kind == "tool":
                    evaluator = evaluator or Evaluator(model.info)
                    if _schema_constrains(evaluator, values, sink):
                        continue
                reported.add(id(sink.site or sink.node))
                fault = (id(sink.origin), sink.key) if sink.origin is not None else (id(sink.site or sink.node), "")
                if fault in faults:  # the same built text run again: a related place of that finding
                    faults[fault][2].append(Related(sink.site or sink.node, f"the same text is passed to {sink.call} here"))
                    continue
                via = [Related(sink.via, "the handler hands the argument on here")] \
                    if sink.via is not None and sink.via is not sink.site else []
                if sink.chosen_base is not None:
                    via.append(Related(sink.chosen_base[1], f"the check measures it against '{sink.chosen_base[0]}', "
                                                            f"which the caller chooses"))
                if sink.checked_form is not None:
                    via.append(Related(sink.checked_form[1], f"'{sink.checked_form[0]}' holds a checked form of "
                                                             f"'{sink.key}' here"))
                faults[fault] = (sink.site or sink.node, _message(values, sink), via, sink.key)
        for node, message, related, key in faults.values():
            yield Finding(node, message, tuple(related), fault=key)


def _holds_text(values: HandlerValues, key: str) -> bool:
    """Signature-style handlers: only text parameters (``str``, ``Path``, unannotated) count."""
    if values.handler.style != "signature":
        return True
    from mcplint.model.argvalues import may_hold_text
    param = values.parameters.get(key)
    return param is not None and may_hold_text(param)


def _declared_schema(evaluator: Evaluator, declaration) -> object:
    """The inputSchema of a tool declaration: the fields the model evaluated where the list was
    built (so ``schema = {...}`` local to ``list_tools`` is known), else the declaring call
    evaluated alone; None or UNKNOWN when neither gives it."""
    fields = declaration.fields or {}
    schema = fields.get("input_schema", fields.get("inputSchema"))
    if schema is not None:
        return schema
    tool = evaluator.eval(declaration.node)
    if not isinstance(tool, ObjectValue):
        return None
    schema = tool.get("input_schema", None)
    return tool.get("inputSchema", None) if schema is None else schema


def _schema_constrains(evaluator: Evaluator, values: HandlerValues, sink) -> bool:
    """A low-level tool whose inputSchema limits the property (enum, pattern...) or types it as
    a non-string, on a stack that checks the input against it (mcp 1.x >= 1.10 low-level:
    ``call_tool`` validates with jsonschema; mcp 2.x low-level has no inputSchema validation,
    ../shared/FRAMEWORKS.md, mcp 2.x); unknown schemas count as limiting, so the rule stays silent."""
    if not values.handler.framework_checks_required:
        return False
    key = sink.key
    declarations = values.handler.served_declarations(sink.served)
    if not declarations:
        return True
    for declaration in declarations:
        schema = _declared_schema(evaluator, declaration)
        if not isinstance(schema, dict):
            return True
        prop = (schema.get("properties") or {}).get(key) if isinstance(schema.get("properties"), dict) else None
        if not isinstance(prop, dict):
            continue
        if any(word in prop for word in _CONSTRAINING_SCHEMA) or prop.get("type", "string") != "string":
            return True
    return False


def _mapping_message(values: HandlerValues, sink) -> str:
    where = served_label(values.handler, sink.served)
    return (f"The raw arguments mapping of {where} is sent to {sink.call} although '{sink.validated_copy}' "
            f"holds a validated copy of it: the request carries the values as sent, not as checked; "
            f"send '{sink.validated_copy}'")


def _message(values: HandlerValues, sink) -> str:
    where = served_label(values.handler, sink.served)
    how = "is built into" if sink.derived else "is"
    if sink.checked_form is not None:  # `clean = sanitize(q)`, then `q` itself reaches the sink
        local = sink.checked_form[0]
        return (f"Argument '{sink.key}' of {where} {how} {_WHAT[sink.kind]} passed to {sink.call} as sent, although "
                f"'{local}' holds a checked form of it; use '{local}' there")
    if sink.chosen_base is not None:  # `target.is_relative_to(root)` with `root` sent by the caller
        return (f"Argument '{sink.key}' of {where} {how} {_WHAT[sink.kind]} passed to {sink.call}, and its containment "
                f"check measures it against '{sink.chosen_base[0]}', which the caller chooses: a root of '/' lets "
                f"every path through; check it against a fixed base directory")
    return (f"Argument '{sink.key}' of {where} {how} {_WHAT[sink.kind]} passed to {sink.call} without a check "
            f"that limits it; {_REMEDY[sink.kind]}")
