"""Reads whose value the handler throws away: ``_tone = args.get("tone")`` with ``_tone``
never used afterwards (or only deleted: ``del tone``), or bound anew on every path before
anything loads it (``for language in detect(diff):`` after ``language = args.get("language")``).

Such a read touches the key but the caller's value still reaches nothing, so for "is this
declared argument used" (MCP103) it does not count. Only the plain shape is judged: the read
is the whole value of an assignment to one local name, and no other code of the function
that holds it (nested functions included) loads that name. A function that reads its locals
dynamically (``locals()``, ``vars()``, ``eval``/``exec``) or declares the name ``global`` /
``nonlocal`` keeps every read.

A value handed on to a project function that never reads it is dropped the same way
(``render(code, focus)`` with ``def render(code, focus): return f"Review {code}"``): the read,
or every use of the local holding it, is an argument of such a call, bound to a parameter
nothing in that function loads (its nested functions and closures included: a closure that
reads the parameter reads it), or that it overwrites before any read
(:mod:`mcplint.model.dead_parameters`). A keyword that lands in a ``**kwargs`` parameter nothing
loads (``def lesson_plan(topic, level, **_)``) is dropped the same way, and so is an entry of a
dict literal argument whose key the receiving parameter is never read by (every load of it a
literal key access: ``{"limit": limit}`` into ``options.get("max_results")``), and so is a value passed
by position into the slot of another optional parameter while the function has an optional
parameter of the value's own name (``collect_files(base, include_tests)`` filling
``include_hidden``). A call with
``*``/``**`` splats, a function taking ``*args``, a decorated one, a stub (``...``, ``pass``) or one that reads none of
its parameters (a placeholder returning canned data) keeps the read.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.dead_parameters import overwritten_after, overwritten_parameter
from mcplint.model.facts import HandlerModel, Read
from mcplint.model.format_slots import unfilled_helper_slot, unfilled_percent_key, unfilled_slot
from mcplint.model.ignored_keywords import model_ignoring
from mcplint.model.key_filters import dumped_without
from mcplint.model.module_info import contains, dotted_name, fast_children, memo_by_node, names_under
from mcplint.model.value_fates import describe, end_site, node_fate, parameter_fate

_DYNAMIC = {"locals", "vars", "eval", "exec", "globals"}


def mark_dropped_reads(handler: HandlerModel, functions=None, info=None) -> None:
    """Set ``Read.dropped`` on each read of ``handler`` whose value is assigned to a local
    that nothing uses, or only handed to project functions that never read it (``functions``:
    the module's function table, ``ModuleInfo.functions``; None: not judged), or to a project
    pydantic model as a keyword it ignores (``info``: the ``ModuleInfo``, for its classes)."""
    # the mapping itself formatted into the text (`TEMPLATE.substitute(args)`): a key's value may
    # reach the text that way whatever becomes of the local read from it
    whole = any(render.kind == "whole-mapping" for render in handler.renders)
    fates: list = []
    kept: list[Read] = []
    for read in handler.reads:
        if read.dropped:
            continue  # dropped where the walk read it (a key filtered out of a copy)
        scope = read.function if read.function is not None else handler.function
        target = _assigned_local(read)
        if target is not None and (not _loaded(scope, target) or _overwritten(scope, read, target)):
            read.dropped = True
            continue
        if functions is None or not isinstance(scope, cst.FunctionDef):
            kept.append(read)
            continue
        ignoring = _forwarded_unread(scope, read, target, functions, info)
        if ignoring is not None:
            read.dropped, read.dropped_into = True, ignoring
            continue
        fate = None if whole else _without_effect(read, scope, info)
        if fate is not None:
            fates.append((read, fate))
        else:
            kept.append(read)
    for read, fate in fates:  # only when no read of the key on its path keeps the value: every path ends
        if not any(other.key == read.key and _same_path(other, read) for other in kept):
            read.dropped, read.dropped_how, read.dropped_at = True, describe(fate), end_site(fate)
    _drop_reads_inside_receivers(handler)


def _same_path(one: Read, other: Read) -> bool:
    """Whether two reads may serve the same declaration (None: every one)."""
    return one.served is None or other.served is None or not one.served.isdisjoint(other.served)


def _without_effect(read: Read, scope: cst.FunctionDef, info):
    """Where the value of ``read`` ends when no path of it reaches anything that affects the
    result (:mod:`mcplint.model.value_fates`: only logged, discarded, deleted, tested by a
    branch that only logs or a test that only rejects, handed to a parameter nothing reads);
    None when it may be used or is not judged."""
    if read.form == "parameter" and isinstance(read.node, cst.Name):
        params = scope.params
        if read.node.value not in {p.name.value for p in (*params.params, *params.kwonly_params)}:
            return None
        return parameter_fate(scope, read.node.value, info)
    if read.form in ("get", "subscript") and read.origin is None and _single_key_access(read.node):
        return node_fate(scope, read.node, info)
    if read.origin is not None and isinstance(read.node, cst.Call) and read.statement is not None and info is not None:
        site = dumped_without(scope, read.statement, read.key, _constant_of(info, scope))
        return (("left out of the model's dump", site),) if site is not None else None
    return None


def _constant_of(info, function: cst.FunctionDef):
    """``resolve(name)``: the value a module constant of ``function``'s module is bound to (an
    imported one followed to its project module); None when not known."""
    home = _home_of(info, function)

    def resolve(name: str):
        value = home.constants.get(name)
        if value is None and name in home.imports and home.origin is not None:
            found = home.origin(name)
            value = found[0].constants.get(found[1]) if found is not None else None
        return value
    return resolve


def drop_detail(handler: HandlerModel, read: Read) -> str | None:
    """How ``read``'s value is lost in the function it is handed to, when that is not plainly
    "never uses it": passed by position into another parameter's slot, or collected by a
    ``**kwargs`` that ignores it or reads other keys. None otherwise (or when not known)."""
    scope = read.function if read.function is not None else handler.function
    function = read.dropped_into
    if isinstance(scope, cst.FunctionDef) and isinstance(function, cst.ClassDef):
        passed = _uses_of(scope).arguments.get(id(read.node))
        if passed is not None and passed[1].keyword is not None:
            return (f"is passed as {passed[1].keyword.value}= to {function.name.value}, a pydantic model with no "
                    f"such field, which ignores extra keys")
        return None
    if not isinstance(scope, cst.FunctionDef) or not isinstance(function, cst.FunctionDef):
        return None
    entry = _entry_of(_uses_of(scope), read)
    if entry is not None:
        keys = _literal_keys_read(function, _receiving_parameter(function, entry[0], entry[1]) or "")
        listed = ", ".join(f"'{key}'" for key in sorted(keys or ()))
        return (f"is sent under '{entry[2]}' in a mapping handed to {function.name.value}(), which reads only "
                f"{listed} from it")
    passed = _uses_of(scope).arguments.get(id(read.node))
    if passed is None:
        return None
    call, arg = passed
    params = function.params
    helper = f"{function.name.value}()"
    named = {p.name.value for p in (*params.params, *params.kwonly_params)}
    if arg.keyword is not None and arg.keyword.value not in named and params.star_kwarg is not None:
        collector = params.star_kwarg.name.value
        keys = _literal_keys_read(function, collector)
        if keys:
            listed = ", ".join(f"'{key}'" for key in sorted(keys))
            return f"lands in **{collector} of {helper}, which reads only {listed} from it"
        return f"lands in **{collector} of {helper}, which ignores it"
    positional = [a for a in call.args if a.keyword is None]
    index = next((i for i, a in enumerate(positional) if a is arg), None)
    if index is not None and index < len(params.params) and isinstance(read.node, cst.Name) \
            and _misplaced(read.node, params.params[index].name.value, call, params):
        slot = params.params[index].name.value
        return (f"is passed by position into the '{slot}' parameter of {helper}, whose own "
                f"'{read.node.value}' parameter keeps its default")
    return None


def loss_site(handler: HandlerModel, read: Read, info=None) -> cst.CSTNode:
    """Where the dropped ``read``'s value is lost: the parameter of the project function that
    never reads it, at the end of the chain of calls that pass it on (``header(focus, language)``
    under ``build_review(diff, focus, language)``); the argument (or dict entry) of the call that
    binds it where it is ignored (another parameter's slot, a ``**kwargs``, a model without the
    field); else the read (a value assigned to a local nothing uses). ``info``: the handler
    module's bindings, to follow calls into other modules."""
    scope = read.function if read.function is not None else handler.function
    if read.dropped_into is None or not isinstance(scope, cst.FunctionDef):
        return read.node
    uses = _uses_of(scope)
    target = _assigned_local(read)
    for node in (read.node, *(uses.loads.get(target.value, []) if target is not None else ())):
        passed = uses.arguments.get(id(node))
        if passed is not None:
            unread = _unread_parameter(read.dropped_into, *passed, info) \
                if drop_detail(handler, read) is None and isinstance(read.dropped_into, cst.FunctionDef) else None
            return unread if unread is not None else passed[1]
        entry = uses.entries.get(id(node))
        if entry is not None and entry[1] is not None:
            return entry[1]
    return read.node


def _unread_parameter(function: cst.FunctionDef, call: cst.Call, arg: cst.Arg, info) -> cst.Param | None:
    """The parameter that finally ignores the value ``arg`` of ``call`` passes to ``function``:
    the one it binds, or, while that one is only passed on, the one its first use binds in the
    function called next (at most :data:`_MAX_DEPTH` calls down). None when not known."""
    for _ in range(_MAX_DEPTH + 1):
        name = _receiving_parameter(function, call, arg)
        params = function.params
        param = next((p for p in (*params.params, *params.kwonly_params) if p.name.value == name), None)
        if param is None:
            return None
        uses = _uses_of(function)
        loads = uses.loads.get(name, [])
        if not loads or overwritten_parameter(function, name) is not None:
            return param
        passed = uses.arguments.get(id(loads[0]))
        home = _home_of(info, function) if info is not None else None
        callee = _plain_callee(passed[0], home.functions) if passed is not None and home is not None else None
        if callee is None:
            return None
        function, call, arg = callee, passed[0], passed[1]
    return None


def _drop_reads_inside_receivers(handler: HandlerModel) -> None:
    """A value handed to a function that drops it (:func:`_misplaced`: into another
    parameter's slot) may still be read there under that other parameter's name, which the
    walk records as a read of the same key: those reads are the wrong use of it, part of
    the drop."""
    receivers = {(read.key, id(read.dropped_into)): read.dropped_into for read in handler.reads
                 if read.dropped and read.dropped_into is not None}
    if not receivers:
        return
    for read in handler.reads:
        if read.dropped:
            continue
        for (key, _), function in receivers.items():
            if read.key == key and contains(function, read.node):
                read.dropped, read.dropped_into = True, function
                break


def _forwarded_unread(scope: cst.FunctionDef, read: Read, target: cst.Name | None,
                      functions, info=None) -> cst.FunctionDef | cst.ClassDef | None:
    """The project function the value of ``read`` is handed to and never read by: the read
    itself (a parameter's use, ``args.get("k")`` written as the argument) or every use of the
    local it is assigned to is such an argument. None otherwise."""
    uses = _uses_of(scope)
    if target is not None:
        loads = uses.loads.get(target.value, [])
        if not loads or target.value in uses.declared or uses.dynamic:
            return None
    elif read.form == "parameter" or (read.form in ("get", "subscript") and read.origin is None
                                      and _single_key_access(read.node)):
        loads = [read.node]  # `render(code, focus)` / `render(args.get("focus"))`
    else:
        return None
    ignoring = [_ignored_by(node, uses, functions, info, scope) for node in loads]
    if any(function is None for function in ignoring):
        return None
    return ignoring[0]


def _ignored_by(node: cst.CSTNode, uses: "_Uses", functions, info=None,
                scope: cst.FunctionDef | None = None, depth: int = 0) -> cst.CSTNode | None:
    """The project function ``node`` is an argument of when the parameter it binds is never
    loaded there (``render(code, focus)`` and ``def render(code, focus)`` reading only
    ``code``), the project pydantic model it is a keyword of when the model ignores that
    keyword (:mod:`mcplint.model.ignored_keywords`), or the template literal a ``.format`` /
    ``.substitute`` call fills whose text names no placeholder for it
    (:mod:`mcplint.model.format_slots`); None for any other use."""
    passed = uses.arguments.get(id(node))
    entry = uses.entries.get(id(node)) if passed is None else None
    if passed is None and entry is None:
        return None
    call, arg = passed if passed is not None else entry[:2]
    if isinstance(call, cst.BinaryOperation):  # `TEXT % {...}`: the text's %(name)s keys take the entries
        return unfilled_percent_key(info, scope, call, entry[2]) if info is not None and scope is not None else None
    if info is not None and scope is not None:
        literal = unfilled_slot(info, scope, call, arg, entry[2] if entry is not None else None)
        if literal is not None:
            return literal
    if info is not None and scope is not None:
        function = _plain_callee(call, functions) if isinstance(call, cst.Call) else None
        literal = unfilled_helper_slot(info, scope, call, arg, entry[2] if entry is not None else None, function) \
            if function is not None else None
        if literal is not None:
            return literal
    if entry is not None:
        return _entry_ignored_by(call, arg, entry[2], functions)
    if arg.keyword is not None and info is not None:
        model = model_ignoring(info.classes, info.qualify, call, arg.keyword.value)
        if model is not None:
            return model
    function = _plain_callee(call, functions)
    if function is None:
        return None
    params = function.params
    named = {p.name.value for p in (*params.params, *params.kwonly_params)}
    if arg.keyword is not None and arg.keyword.value not in named and params.star_kwarg is not None:
        return _swallowed_by(function, params.star_kwarg.name.value, arg.keyword.value)
    if arg.keyword is not None:
        name = arg.keyword.value
    else:
        positional = [a for a in call.args if a.keyword is None]
        index = next(i for i, a in enumerate(positional) if a is arg)
        if index >= len(params.params):
            return None
        name = params.params[index].name.value
        if _misplaced(node, name, call, params):
            return function
    if name not in {p.name.value for p in (*params.params, *params.kwonly_params)}:
        return None
    loaded, declared = _names_of(function)
    if name in declared or not loaded.isdisjoint(_DYNAMIC):
        return None
    if name in loaded and overwritten_parameter(function, name) is None \
            and not _only_handed_on_unread(function, name, info, depth):
        return None  # read there (a parameter overwritten before any read, or only passed on unread, is not)
    others = {p.name.value for p in (*params.params, *params.kwonly_params)} - {name, "self", "cls"}
    if loaded.isdisjoint(others):
        return None  # reads none of its inputs: a placeholder returning canned data, not one that drops
    return function


_MAX_DEPTH = 3  # calls followed below the handler: deeper chains keep the read (budget)


def _only_handed_on_unread(function: cst.FunctionDef, name: str, info, depth: int) -> bool:
    """Whether every load of parameter ``name`` in ``function`` is an argument of a call that
    drops it in turn (:func:`_ignored_by` one level down: ``build(diff, focus)`` whose
    ``header(focus, language)`` never reads ``focus``): the value is passed along a chain of
    project functions and the last one ignores it. Calls resolve in ``function``'s own module.
    False past the depth budget, without the module's bindings, or for any other use."""
    if depth >= _MAX_DEPTH or info is None:
        return False
    uses = _uses_of(function)
    loads = uses.loads.get(name, [])
    if not loads or uses.dynamic or any(id(load) not in uses.arguments for load in loads):
        return False
    home = _home_of(info, function)
    return all(isinstance(_ignored_by(load, uses, home.functions, home, function, depth + 1), cst.FunctionDef)
               for load in loads)


def _home_of(info, function: cst.FunctionDef):
    """The bindings of the project module that defines ``function`` (``info`` when it is not
    known): the names its calls resolve against."""
    if info.home_of is None:
        return info
    return memo_by_node(_HOMES, function, lambda: info.home_of(function) or info, limit=256)


_HOMES: dict = {}


def _plain_callee(call: cst.Call, functions) -> cst.FunctionDef | None:
    """The undecorated project function ``call`` calls by name, when its parameters bind the
    call's arguments plainly (no ``*args`` on either side, no positional-only parameters);
    None otherwise: where a value lands is then not known."""
    function = functions.get(dotted_name(call.func) or "") if type(call.func) in (cst.Name, cst.Attribute) else None
    if not isinstance(function, cst.FunctionDef) or function.decorators or is_stub(function) \
            or any(a.star for a in call.args):
        return None
    if isinstance(function.params.star_arg, cst.Param) or function.params.posonly_params:
        return None
    return function


def _entry_ignored_by(call: cst.Call, arg: cst.Arg, key: str, functions) -> cst.FunctionDef | None:
    """The project function a dict literal argument (``probe(url, options={"timeout": t})``)
    is handed to when the parameter receiving it is only read by literal keys and never by
    ``key`` (``options.get("timeout_s", 10.0)``): the entry's value is dropped there. A
    parameter passed on, splatted, iterated or returned keeps every entry."""
    function = _plain_callee(call, functions)
    if function is None:
        return None
    params = function.params
    name = _receiving_parameter(function, call, arg)
    if name not in {p.name.value for p in (*params.params, *params.kwonly_params)}:
        return None
    loaded, declared = _names_of(function)
    if name not in loaded or name in declared or not loaded.isdisjoint(_DYNAMIC):
        return None
    keys = _literal_keys_read(function, name)
    return function if keys is not None and key not in keys else None


def _entry_of(uses: "_Uses", read: Read) -> tuple[cst.Call, cst.Arg, str] | None:
    """The dict literal entry ``read``'s value is written as: the read itself, or a load of
    the local it is assigned to (``limit = args.get("limit")`` ... ``{"limit": limit}``)."""
    entry = uses.entries.get(id(read.node))
    target = _assigned_local(read) if entry is None else None
    for load in uses.loads.get(target.value, []) if target is not None else ():
        entry = entry or uses.entries.get(id(load))
    return entry


def _receiving_parameter(function: cst.FunctionDef, call: cst.Call, arg: cst.Arg) -> str | None:
    """The name of the parameter of ``function`` that ``arg`` of ``call`` binds."""
    if arg.keyword is not None:
        return arg.keyword.value
    positional = [a for a in call.args if a.keyword is None]
    index = next(i for i, a in enumerate(positional) if a is arg)
    params = function.params.params
    return params[index].name.value if index < len(params) else None


def _entry_key(element: cst.BaseDictElement) -> str | None:
    """The literal string key of a dict literal entry, else None."""
    if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
        value = element.key.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _misplaced(node: cst.CSTNode, slot: str, call: cst.Call, params: cst.Parameters) -> bool:
    """``collect_files(base, include_tests)`` with ``def collect_files(root, include_hidden=False,
    include_tests=True)``: a value passed by position into the slot of another parameter
    (``include_hidden``) while the function has a parameter of the value's own name, which
    the call leaves to its default. Both parameters must have defaults (optional flags or
    settings: a swapped required pair is more often deliberate), and the call must not name
    the value's own parameter by keyword."""
    if not isinstance(node, cst.Name) or node.value == slot:
        return False
    by_name = {p.name.value: p for p in (*params.params, *params.kwonly_params)}
    own, taken = by_name.get(node.value), by_name.get(slot)
    if own is None or taken is None or own.default is None or taken.default is None:
        return False
    return not any(a.keyword is not None and a.keyword.value == node.value for a in call.args)


def _swallowed_by(function: cst.FunctionDef, collector: str, keyword: str) -> cst.FunctionDef | None:
    """``function`` when ``keyword``, landing in its ``**collector`` parameter, is dropped
    there: nothing in it loads ``collector`` (``def lesson_plan(topic, level, **_)``: the
    extras are ignored on purpose, the caller's value with them), or it only reads literal
    keys of it and never this one (``options.get("timeout_s", 10.0)`` for a forwarded
    ``timeout``); and it reads some other parameter (a placeholder reading none keeps it, as
    in :func:`_ignored_by`). A collector used any other way (passed on, splatted, iterated,
    returned) keeps the value."""
    loaded, declared = _names_of(function)
    if collector in declared or not loaded.isdisjoint(_DYNAMIC):
        return None
    if collector in loaded:
        keys = _literal_keys_read(function, collector)
        if keys is None or keyword in keys:
            return None
    params = function.params
    if loaded.isdisjoint({p.name.value for p in (*params.params, *params.kwonly_params)} - {"self", "cls"}):
        return None
    return function


def _literal_keys_read(function: cst.FunctionDef, collector: str) -> frozenset[str] | None:
    """The keys ``function`` reads from its ``**collector`` mapping when every load of it is
    ``collector.get("k"...)``, ``collector["k"]`` or ``"k" in collector``; None otherwise."""
    keys: set[str] = set()
    accesses = 0
    for node in _walk(function.body):
        key = _literal_access(node, collector)
        if key is not None:
            keys.add(key)
            accesses += 1
    return frozenset(keys) if accesses == len(_uses_of(function).loads.get(collector, [])) else None


def _literal_access(node: cst.CSTNode, collector: str) -> str | None:
    """``"k"`` of ``collector.get("k"...)``, ``collector["k"]`` or ``"k" in collector``."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and isinstance(node.func.value, cst.Name) and node.func.value.value == collector and node.args \
            and isinstance(node.args[0].value, cst.SimpleString) and not node.args[0].keyword:
        return _text(node.args[0].value)
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == collector \
            and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
            and isinstance(node.slice[0].slice.value, cst.SimpleString):
        return _text(node.slice[0].slice.value)
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 \
            and isinstance(node.comparisons[0].operator, cst.In) and isinstance(node.left, cst.SimpleString) \
            and isinstance(node.comparisons[0].comparator, cst.Name) and node.comparisons[0].comparator.value == collector:
        return _text(node.left)
    return None


def _text(node: cst.SimpleString) -> str | None:
    value = node.evaluated_value
    return value if isinstance(value, str) else None


def _walk(node: cst.CSTNode):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(fast_children(current, tokens=False))


def is_stub(function: cst.FunctionDef, *, not_implemented: bool = False) -> bool:
    """A body of only a docstring, ``pass`` or ``...`` (with ``not_implemented``, also ``raise
    NotImplementedError``): an interface, not a function that drops or ignores its inputs."""
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    for statement in body:
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        for small in statement.body:
            if isinstance(small, cst.Pass) or (isinstance(small, cst.Expr) and isinstance(
                    small.value, (cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis))):
                continue
            if not_implemented and isinstance(small, cst.Raise) \
                    and "NotImplementedError" in cst.Module([]).code_for_node(small):
                continue
            return False
    return True


class _Uses:
    """Where a function's code loads each name (nested functions included), which nodes are
    arguments of which call, and whether it reads names dynamically or declares them global."""

    def __init__(self) -> None:
        self.loads: dict[str, list[cst.Name]] = {}
        self.arguments: dict[int, tuple[cst.Call, cst.Arg]] = {}
        # a value written as an entry of a dict literal argument -> (the call, that argument, its key);
        # of the dict of a `%` formatting -> (the operation, None, its key)
        self.entries: dict[int, tuple[cst.Call, cst.Arg, str]] = {}
        self.declared: set[str] = set()
        self.dynamic = False


def _uses_of(scope: cst.FunctionDef) -> _Uses:
    return memo_by_node(_USES_OF, scope, lambda: _collect_uses(scope), limit=256)


_USES_OF: dict = {}


def _collect_uses(scope: cst.FunctionDef) -> _Uses:
    uses = _Uses()
    stored: set[int] = set()
    stack: list[cst.CSTNode] = [scope.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Name):
            stored.add(id(node.target))
        elif isinstance(node, cst.Del):
            stored.update(id(n) for n in names_under(node.target))
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            uses.declared.update(item.name.value for item in node.names)
        elif isinstance(node, cst.Attribute):
            stored.add(id(node.attr))
        elif isinstance(node, cst.Call):
            for arg in node.args:
                uses.arguments[id(arg.value)] = (node, arg)
                if isinstance(arg.value, cst.BooleanOperation) and isinstance(arg.value.operator, cst.Or):
                    uses.arguments[id(arg.value.left)] = (node, arg)  # `tags or []`: the value when sent
                if isinstance(arg.value, cst.Dict):  # `probe(url, {"timeout": timeout})`: each entry
                    for element in arg.value.elements:
                        key = _entry_key(element)
                        if key is not None:
                            uses.entries[id(element.value)] = (node, arg, key)
                            if isinstance(element.value, cst.BooleanOperation) \
                                    and isinstance(element.value.operator, cst.Or):
                                uses.entries[id(element.value.left)] = (node, arg, key)
                if arg.keyword is not None:
                    stored.add(id(arg.keyword))
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo) \
                and isinstance(node.right, cst.Dict):  # `TEXT % {"tone": tone}`: each entry, keyed
            for element in node.right.elements:
                key = _entry_key(element)
                if key is not None:
                    uses.entries[id(element.value)] = (node, None, key)
        elif isinstance(node, cst.Name) and id(node) not in stored:
            uses.loads.setdefault(node.value, []).append(node)
            uses.dynamic = uses.dynamic or node.value in _DYNAMIC
        stack.extend(fast_children(node, tokens=False))
    return uses


def _assigned_local(read: Read) -> cst.Name | None:
    """The local name ``read`` is the whole value of (``x = args.get("k")``), else None."""
    if read.form not in ("get", "subscript") or read.origin is not None \
            or not isinstance(read.statement, cst.SimpleStatementLine) or not _single_key_access(read.node):
        return None  # a model built from the mapping validates it: that is a use
    if len(read.statement.body) != 1 or not isinstance(read.statement.body[0], cst.Assign):
        return None
    assign = read.statement.body[0]
    if assign.value is not read.node or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return None
    return assign.targets[0].target


def _overwritten(scope: cst.FunctionDef, read: Read, target: cst.Name) -> bool:
    """``language = args.get("language")`` followed, before any load of ``language``, by a
    binding of it on every path (``for language in detect(diff):``, ``language = "python"``):
    the value read reaches nothing (:func:`mcplint.model.dead_parameters.overwritten_after`)."""
    return read.statement is not None and overwritten_after(scope, read.statement, target.value) is not None


def _single_key_access(node: cst.CSTNode) -> bool:
    """``args["k"]`` or ``args.get("k"[, d])``: one key's value, nothing else done with it."""
    if isinstance(node, cst.Subscript):
        return True
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get"


def _loaded(scope: cst.FunctionDef, target: cst.Name) -> bool:
    """Whether any code of ``scope`` other than stores and deletions of ``target`` names it
    (or the scope reads its names dynamically)."""
    loaded, declared = _names_of(scope)
    return target.value in loaded or target.value in declared or not loaded.isdisjoint(_DYNAMIC)


def _names_of(scope: cst.FunctionDef) -> tuple[frozenset[str], frozenset[str]]:
    """The names ``scope``'s code loads (every ``cst.Name`` that is not a store or deletion
    target, an attribute or a keyword) and the names it declares ``global`` / ``nonlocal``.
    Memoised per function: a handler asks once per read it holds, and each answer was a walk
    of the whole function (a tenth of a cold run on the development corpus)."""
    return memo_by_node(_NAMES_OF, scope, lambda: _collect_names(scope), limit=256)


_NAMES_OF: dict = {}


def _collect_names(scope: cst.FunctionDef) -> tuple[frozenset[str], frozenset[str]]:
    stored: set[int] = set()
    loaded: set[str] = set()
    declared: set[str] = set()
    stack: list[cst.CSTNode] = [scope.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Name):
            stored.add(id(node.target))
        elif isinstance(node, cst.Del):
            stored.update(id(n) for n in names_under(node.target))
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            declared.update(item.name.value for item in node.names)
        elif isinstance(node, cst.Attribute):
            stored.add(id(node.attr))  # `obj.tone` names no local
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            stored.add(id(node.keyword))  # `render(tone=...)`: a keyword, not the local
        elif isinstance(node, cst.Name) and id(node) not in stored:
            loaded.add(node.value)
        stack.extend(fast_children(node, tokens=False))
    return frozenset(loaded), frozenset(declared)
