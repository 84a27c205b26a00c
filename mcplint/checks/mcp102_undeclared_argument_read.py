"""MCP102 undeclared-argument-read: the handler reads a key that no declaration lists.

Clients send the names the server declared (``prompts/list`` arguments, a tool's
``inputSchema`` properties). A handler that reads ``Code`` or ``code_snippet`` when ``code``
was declared never sees the caller's value.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from mcplint.checks._common import declared_names, did_you_mean, served_label
from mcplint.checks.base import Finding, FixPlan, NodeEdit, Related, Rule
from mcplint.diagnostics import Applicability
from mcplint.model.module_info import fast_children, literal_value, walk
from mcplint.model.nested_reads import nested_undeclared_reads


class UndeclaredArgumentRead(Rule):
    """Fires on each read of a key that the served declarations do not declare."""

    code = "MCP102"
    name = "undeclared-argument-read"
    summary = "The handler reads an argument name that is not declared"

    def check(self, model) -> Iterator[Finding]:
        fallbacks = None
        for handler in _judged_handlers(model):
            places: dict[tuple, list[Related]] = {}  # (key, statement) -> the finding's related places
            demanded: dict[tuple, list[Related]] = {}  # (key, function) -> related places of its demand
            findings = []
            for read, suggestion, declaration in undeclared_reads(handler):
                if read.form == "parameter" and handler.style == "signature":
                    continue  # a signature's parameters are declared; this is a use of a value read before
                if read.form == "contains" and not demands_key(read):
                    continue  # `if "issue_url" in args: raise ...` rejects an old spelling on purpose;
                    # a value read of the key is reported at that read
                fallbacks = fallbacks if fallbacks is not None else _or_fallbacks(model)
                if _is_legacy_fallback(handler, read, fallbacks):
                    continue
                place = (read.key, id(read.statement) if read.statement is not None else id(read.node))
                if place in places:  # `[args[k] for k in KEYS if args.get(k)]`: one key, one place, one fault
                    places[place].append(Related(read.node, f"'{read.key}' is read here too"))
                    continue
                own = (read.key, id(read.function))
                # `if "k" not in args: raise ...` then `args["k"]`: one fault, at the demand; and a
                # function handed a signature handler's parameters repacked reads a key it was never
                # given: one fault per function, at its first read
                if own in demanded:
                    demanded[own].append(Related(read.node, f"'{read.key}' is read here too"))
                    continue
                where = served_label(handler, read.served)
                hint = f"; did you mean '{suggestion}'?" if suggestion else ""
                related = ()
                if declaration is not None:
                    related = (Related(declaration.node, f"'{suggestion}' is declared here"),)
                if read.origin is not None:  # a model field: the name to change is written there
                    related += (Related(read.origin, f"the field that takes '{read.key}'"),)
                verb = "read" if where.startswith(f"{handler.kind}s ") else "reads"  # prompts 'a', 'b' read
                message = f"{where.capitalize()} {verb} '{read.key}', which is not declared{hint}"
                places[place] = more = list(related)
                if read.form == "contains" or handler.style == "signature":
                    demanded[own] = more
                findings.append((read, message, more, suggestion))
            yield from _one_per_call(handler, findings)
            yield from _nested_findings(handler)


def _nested_findings(handler) -> Iterator[Finding]:
    """A property of an object argument read under a name its schema does not declare
    (:mod:`mcplint.model.nested_reads`): ``filters.get("status")`` where ``filters`` declares
    ``state`` and ``labels``. Reported at the read, like a top-level undeclared key."""
    for nested in nested_undeclared_reads(handler):
        suggestion = did_you_mean(nested.key, set(nested.declared), set(nested.declared))
        hint = f"; did you mean '{suggestion}'?" if suggestion else ""
        listed = ", ".join(f"'{name}'" for name in nested.declared)
        related = (Related(nested.argument.node, f"'{nested.parent}' is declared here"),) \
            if nested.argument is not None else ()
        yield Finding(nested.node, f"{handler.kind.capitalize()} reads '{nested.key}' of the '{nested.parent}' "
                                   f"object, whose schema declares only {listed}: the caller's value is never "
                                   f"read{hint}", related, fault=f"{nested.parent}.{nested.key}")


def _judged_handlers(model):
    """The handlers whose reads are judged: every handler of the model, and the FastMCP-family
    tool functions that hand their parameters to project code as a mapping
    (``run_tool({"path": path})``, see ``HandlerWalker.repacked_keys``): that code reads the
    tool's arguments by key, and a key the mapping lacks was never declared. A tool function
    whose every read is of its own parameters has no undeclared read to judge."""
    for _server, handler in model.handlers():
        yield handler
    for server in model.servers:
        for tool in server.signature_tools:
            if any(read.form != "parameter" and read.function is not None for read in tool.reads):
                yield tool


def demands_key(read) -> bool:
    """``if "files" not in arguments: raise ...``: a membership test whose failure the code
    raises on, so every call without the key fails. For an undeclared key no caller sends,
    that is every call (unlike ``if "issue_url" in args: raise``, which rejects an old
    spelling on purpose)."""
    statement = read.statement
    if not isinstance(statement, cst.If) or statement.test is not read.node:
        return False
    test = read.node
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
            or not isinstance(test.comparisons[0].operator, cst.NotIn):
        return False
    body = statement.body.body if isinstance(statement.body, cst.IndentedBlock) else ()
    first = body[0] if body else None
    return isinstance(first, cst.SimpleStatementLine) and isinstance(first.body[0], cst.Raise)


def _one_per_call(handler, findings) -> Iterator[Finding]:
    """A call that fills several parameters from the arguments (``helper(**arguments)``) reads
    every undeclared one at one place: one finding naming them all."""
    by_call: dict[int, list] = {}
    for entry in findings:
        if isinstance(entry[0].node, cst.Call):
            by_call.setdefault(id(entry[0].node), []).append(entry)
    for read, message, related, suggestion in findings:
        group = by_call.get(id(read.node), [])
        if len(group) > 1:
            if group[0][0] is not read:
                continue
            where = served_label(handler, read.served)
            keys = ", ".join(f"'{entry[0].key}'" for entry in group)
            hints = [f"'{entry[3]}' for '{entry[0].key}'" for entry in group if entry[3]]
            hint = f"; did you mean {', '.join(hints)}?" if hints else ""
            verb = "read" if where.startswith(f"{handler.kind}s ") else "reads"
            message = (f"{where.capitalize()} {verb} {keys} (parameters this call fills from the arguments), "
                       f"which are not declared{hint}")
            related = [item for entry in group for item in entry[2]]
            yield Finding(read.node, message, tuple(related), fault=",".join(entry[0].key for entry in group))
            continue
        yield Finding(read.node, message, tuple(related), fix=rename_fix(read, suggestion), fault=read.key)


def _or_fallbacks(model) -> dict[int, list[cst.CSTNode]]:
    """For each later operand of an ``or`` chain (by ``id``), the operands before it, in the
    file and in the project modules its model read (a helper may hold the read)."""
    found: dict[int, list[cst.CSTNode]] = {}
    stack: list[cst.CSTNode] = [model.module, *model.foreign_modules.values()]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            found[id(node.right)] = _or_operands(node.left)
        stack.extend(fast_children(node, tokens=False))
    return found


def _or_operands(node: cst.CSTNode) -> list[cst.CSTNode]:
    if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
        return _or_operands(node.left) + _or_operands(node.right)
    return [node]


def _is_legacy_fallback(handler, read, fallbacks: dict[int, list[cst.CSTNode]]) -> bool:
    """``args.get("force") or args.get("refresh")``: an old spelling read only as a fallback
    for a declared key, so no caller value is lost."""
    earlier = fallbacks.get(id(read.node))
    if not earlier:
        return False
    names = declared_names(handler.served_declarations(read.served) or []) or set()
    return any(other.key in names and any(other.node is node for node in earlier) for other in handler.reads)


def _folded(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def rename_fix(read, suggestion: str | None) -> FixPlan | None:
    """Replace the key's string literal with the declared name, when the two differ only in
    case or separators (``Code``/``code``, ``file-name``/``file_name``) and the read holds
    exactly one literal of the key (a key from a constant may be used elsewhere: no fix).

    UNSAFE: the handler then reads the value callers send for the declared name instead of
    never finding the key, so a default or error path it always took stops being taken; and
    on the stacks that pass undeclared keys through (low-level servers, fastmcp 3/4 drop them
    silently) a caller that sent the misspelt key loses its value.
    """
    if suggestion is None or _folded(suggestion) != _folded(read.key) or not suggestion.isprintable():
        return None
    if read.form == "contains":
        return None  # `if "issue_url" in args: raise ...` may reject the old spelling on purpose
    literals = [node for node in _strings(read.node) if literal_value(node) == read.key]
    if len(literals) != 1 or "\\" in suggestion:
        return None
    literal = literals[0]
    quote = literal.quote
    if quote[0] in suggestion or "\\" in literal.value:
        return None
    content = f"{literal.prefix}{quote}{suggestion}{quote}"
    return FixPlan(f"Read '{suggestion}'", (NodeEdit(literal, content),), Applicability.UNSAFE)


def _strings(node: cst.CSTNode):
    """Every plain (non-bytes) string literal under ``node``."""
    return (current for current in walk(node)
            if isinstance(current, cst.SimpleString) and "b" not in current.prefix.lower())


def undeclared_reads(handler):
    """Yield ``(read, suggested name or None, declaration of the suggestion or None)``.

    Shared with MCP103, which stays silent for a declared name already suggested here.
    """
    unread = unread_names(handler)
    seen: set[tuple[int, str]] = set()
    for read in handler.reads:
        declarations = handler.served_declarations(read.served)
        if not declarations or (any(d.style == "explicit" for d in declarations)
                                and not isinstance(handler.function.params.star_kwarg, cst.Param)):
            continue  # Prompt(arguments=[...], fn=f): MCP103 reports the mismatch at the declaration;
            # with fn(**kwargs) every name reaches the function and its reads are judged as reads
        names = declared_names(declarations)
        if names is None or read.key in names or (id(read.node), read.key) in seen:
            continue
        seen.add((id(read.node), read.key))
        suggestion = did_you_mean(read.key, names, unread & names)
        declaration = None
        for candidate in declarations:
            declaration = declaration or (candidate.argument(suggestion) if suggestion else None)
        yield read, suggestion, declaration


def unread_names(handler) -> set[str]:
    """Declared names that no read of the handler touches."""
    read_keys = {read.key for read in handler.reads}
    names: set[str] = set()
    for declaration in handler.declarations or ():
        for argument in declaration.arguments or ():
            if argument.name not in read_keys:
                names.add(argument.name)
    return names
