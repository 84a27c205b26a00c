"""What one module binds at its top level: imports, functions, classes and constants.

Built by a walk over statements only (never every expression node), because a generic
full-tree pass costs about as much as the parse itself (``../shared/PERFORMANCE.md``).
"""

from __future__ import annotations

import ast
import dataclasses
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterator, Sequence

import libcst as cst

import mcplint.parsing  # noqa: F401 - first: the class tests building the tables below are then plain ``type`` tests


def literal_value(node: cst.SimpleString | cst.Integer | cst.Float):
    """The value of a string or number literal, as libcst's ``evaluated_value`` gives it
    (a ``str``/``bytes``/``int``/``float``; raises what ``ast.literal_eval`` raises).

    Memoised by the literal's text: ``evaluated_value`` compiles the literal on every call,
    which cost a fifth of the analysis of a typical server.
    """
    return _literal(node.value)


@lru_cache(maxsize=8192)
def _literal(text: str):
    first = text[:1]
    if first in ("'", '"') and "\\" not in text and not text.startswith(first * 3):
        return text[1:-1]  # a plain one-line string literal: no escapes, no prefix
    return ast.literal_eval(text)


def dotted_name(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    kind = type(node)  # not isinstance: see NESTED_SCOPE_TYPES
    if kind is cst.Name:
        return node.value
    if kind is cst.Attribute:
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


_FIELDS: dict[type, tuple[str, ...]] = {}
_NODE_FIELDS: dict[type, tuple[str, ...]] = {}  # _FIELDS without the fields below
#: Fields of libcst's node classes that only ever hold :data:`TOKENS` (``whitespace*`` too):
#: a walk without tokens need not read them (tests/test_module_info.py checks the claim).
_TOKEN_FIELDS = frozenset({"lpar", "rpar", "comma", "leading_lines", "lines_after_decorators", "header", "footer",
                           "trailing_whitespace", "newline", "semicolon", "colon", "dot", "equal"})

#: Whitespace, comments and punctuation: they never hold a name, a call or a statement, and
#: skipping them halves a walk.
TOKENS = (cst.BaseParenthesizableWhitespace, cst.TrailingWhitespace, cst.EmptyLine, cst.Newline,
          cst.Comma, cst.Dot, cst.LeftParen, cst.RightParen, cst.LeftSquareBracket, cst.RightSquareBracket,
          cst.LeftCurlyBrace, cst.RightCurlyBrace, cst.Colon, cst.Semicolon, cst.BaseBinaryOp,
          cst.BaseBooleanOp, cst.BaseCompOp, cst.BaseUnaryOp, cst.AssignEqual)

_NOT_A_NODE, _TOKEN, _NODE = 0, 1, 2
_KINDS: dict[type, int] = {}  # memoised per type: isinstance against libcst's ABCs is slow


def _kind(kind: type) -> int:
    found = _KINDS.get(kind)
    if found is None:
        found = _KINDS[kind] = (_NOT_A_NODE if not issubclass(kind, cst.CSTNode)
                                else _TOKEN if issubclass(kind, TOKENS) else _NODE)
    return found


def is_token(node: cst.CSTNode) -> bool:
    """Whether ``node`` is whitespace, a comment or punctuation (:data:`TOKENS`)."""
    return _kind(type(node)) == _TOKEN


def fast_children(node: cst.CSTNode, *, tokens: bool = True) -> Sequence[cst.CSTNode]:
    """The direct child nodes of ``node``, in no guaranteed order (the same order each time);
    with ``tokens=False`` without whitespace, comments and punctuation (:data:`TOKENS`).

    Reads the dataclass fields directly: libcst's ``children`` property runs a visitor per
    call and costs several times as much (``../shared/PERFORMANCE.md``). The answer without
    tokens is a tuple memoised per node until :func:`forget_children` (a lint walks most
    nodes several times: about five asks per node on the development corpus).
    """
    if tokens:
        return _children(node, True)
    cached = _CHILDREN.get(id(node))
    if cached is not None and cached[0] is node:
        return cached[1]
    found = tuple(_children(node, False))
    _CHILDREN[id(node)] = (node, found)  # the node is kept beside its answer: its id stays its own
    return found


#: id(node) -> (node, its children without tokens): see :func:`fast_children`.
_CHILDREN: dict[int, tuple[cst.CSTNode, tuple[cst.CSTNode, ...]]] = {}


def forget_children() -> None:
    """Empty :func:`fast_children`'s memo (at the start of each file's model: the trees of
    the previous lint may be freed)."""
    _CHILDREN.clear()


def _children(node: cst.CSTNode, tokens: bool) -> list[cst.CSTNode]:
    if tokens:
        names = _FIELDS.get(type(node))
        if names is None:
            names = _FIELDS[type(node)] = tuple(f.name for f in dataclasses.fields(node))
    else:
        names = _NODE_FIELDS.get(type(node))
        if names is None:
            names = _node_fields(type(node))
    lowest = _TOKEN if tokens else _NODE
    kinds = _KINDS  # looked up inline, _kind only on a type's first sight: this runs for every node walked
    found: list[cst.CSTNode] = []
    for name in names:
        value = getattr(node, name)
        kind = type(value)
        if kind is list or kind is tuple:
            for item in value:
                item_kind = kinds.get(type(item))
                if item_kind is None:
                    item_kind = _kind(type(item))
                if item_kind >= lowest:
                    found.append(item)
        else:
            value_kind = kinds.get(kind)
            if value_kind is None:
                value_kind = _kind(kind)
            if value_kind >= lowest:
                found.append(value)
    return found


def _node_fields(kind: type) -> tuple[str, ...]:
    """The fields of the node class ``kind`` that may hold nodes other than :data:`TOKENS`
    (memoised in ``_NODE_FIELDS``). A field declared ``str`` (``Name.value``,
    ``SimpleString.value``) holds text, never a node."""
    names = _NODE_FIELDS[kind] = tuple(
        f.name for f in dataclasses.fields(kind)
        if f.name not in _TOKEN_FIELDS and not f.name.startswith("whitespace") and f.type is not str)
    return names


def _node_classes(base: type = cst.CSTNode) -> Iterator[type]:
    """libcst's node classes (``cst.Name``...; not the slot-less originals its ``add_slots``
    decorator replaced, which still show among the subclasses)."""
    for kind in base.__subclasses__():
        if getattr(sys.modules.get(kind.__module__), kind.__name__, None) is kind:
            yield kind
        yield from _node_classes(kind)


#: Node classes without a child node other than tokens (names, string and number literals,
#: ``pass``...): walks without tokens yield them without looking inside, and they are about
#: half of the nodes walked.
LEAF_TYPES = frozenset(kind for kind in _node_classes()
                       if dataclasses.is_dataclass(kind) and not _node_fields(kind) and _kind(kind) == _NODE)


def exact_types(*classes: type) -> frozenset[type]:
    """``classes`` as a set for ``type(node) in ...`` tests, which answer as ``isinstance``
    does for classes nothing subclasses. Why: libcst's node classes are ABCs, so a failing
    ``isinstance`` against any of them (concrete ``cst.Name`` included) goes through
    ``ABCMeta.__instancecheck__``, about five times a plain class's test; in the walks over
    every statement that was millions of calls per run. Raises TypeError for a class with
    subclasses (``cst.BaseExpression``), where the two tests differ."""
    for kind in classes:
        if kind.__subclasses__():
            raise TypeError(f"{kind.__name__} has subclasses: type(node) in ... would miss them")
    return frozenset(classes)


def node_types(*bases: type) -> frozenset[type]:
    """libcst's node classes that are one of ``bases`` or derive from one: a set for
    ``type(node) in ...`` tests that answer as ``isinstance(node, bases)`` does for every
    libcst node, abstract bases included (see :func:`exact_types` for why)."""
    return frozenset(kind for kind in _node_classes() if issubclass(kind, bases))


_NESTED_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
#: The same, for ``type(node) in`` (see :func:`exact_types`): it made a tenth of a walk.
NESTED_SCOPE_TYPES = exact_types(*_NESTED_SCOPES)


def walk(node: cst.CSTNode, *, into_nested_scopes: bool = True, tokens: bool = False) -> Iterator[cst.CSTNode]:
    """``node`` and every node below it, in no guaranteed order (iteratively: expressions
    may nest thousands deep). With ``into_nested_scopes=False`` the functions, classes and
    lambdas below ``node`` are yielded but not entered; whitespace, comments and punctuation
    (:data:`TOKENS`) only with ``tokens=True``."""
    stack = [node]
    leaves = LEAF_TYPES if not tokens else ()
    while stack:
        current = stack.pop()
        yield current
        if type(current) in leaves:
            continue
        if into_nested_scopes or current is node or type(current) not in NESTED_SCOPE_TYPES:
            stack.extend(fast_children(current, tokens=tokens))


def memo_by_node(cache: dict, node: cst.CSTNode, compute, *, extra=None, limit: int = 64):
    """``compute()``, memoised in ``cache`` by the identity of ``node`` (and ``extra``). The
    node is kept beside its answer, so an id reused by another tree never answers for it;
    past ``limit`` entries the cache starts again (a lint asks about the last few nodes)."""
    key = (id(node), extra)
    cached = cache.get(key)
    if cached is not None and cached[0] is node:
        return cached[1]
    if len(cache) > limit:
        cache.clear()
    value = compute()
    cache[key] = (node, value)
    return value


_DEFINED_IN: dict = {}
_NAMES_IN: dict = {}


def functions_defined_in(function: cst.FunctionDef) -> tuple[dict[str, cst.FunctionDef], frozenset[int]]:
    """The functions defined in ``function``'s body and not inside a nested function, class
    or lambda: by name (the first one in :func:`walk` order) and the ids of all of them.
    Memoised per function: a handler walk asks for every call it scans whether it calls a
    function nested in the one walked, and each answer was a walk of the whole function."""
    return memo_by_node(_DEFINED_IN, function, lambda: _functions_defined_in(function), limit=256)


def _functions_defined_in(function: cst.FunctionDef) -> tuple[dict[str, cst.FunctionDef], frozenset[int]]:
    by_name: dict[str, cst.FunctionDef] = {}
    ids: set[int] = set()
    for inner in walk(function.body, into_nested_scopes=False):
        if isinstance(inner, cst.FunctionDef):
            by_name.setdefault(inner.name.value, inner)
            ids.add(id(inner))
    return by_name, frozenset(ids)


def names_in(node: cst.CSTNode) -> frozenset[str]:
    """Every name (``cst.Name``) in ``node``, nested scopes included; memoised per node."""
    return memo_by_node(_NAMES_IN, node, lambda: frozenset(n.value for n in walk(node) if isinstance(n, cst.Name)),
                        limit=256)


_RETURNED: dict = {}  # memo of returned_values, by function


def returned_values(function: cst.FunctionDef) -> tuple[cst.BaseExpression | None, ...]:
    """The values of the ``return`` statements of ``function``'s body, in :func:`walk` order
    (``None`` for a bare ``return``; nested functions, classes and lambdas not entered).
    Memoised per function: the derived-form and failure-builder tests ask it for every call
    of a project function they judge."""
    return memo_by_node(_RETURNED, function, lambda: tuple(
        node.value for node in walk(function.body, into_nested_scopes=False) if type(node) is cst.Return), limit=256)


_PLAIN: dict = {}  # memo of plain_assignments, by function


def plain_assignments(function: cst.FunctionDef) -> dict[str, list[cst.BaseExpression]]:
    """The values ``function``'s body assigns to each plain name (``name = value``, a target of
    ``a = b = value`` too; nested scopes not entered), in :func:`walk` order. Indexed once per
    function: flow's ``_returned_instance`` asked for each name of each walker, and each answer was a
    walk of the whole function."""
    def index() -> dict[str, list[cst.BaseExpression]]:
        found: dict[str, list[cst.BaseExpression]] = {}
        for node in walk(function.body, into_nested_scopes=False):
            if isinstance(node, cst.Assign):
                for name in dict.fromkeys(t.target.value for t in node.targets if isinstance(t.target, cst.Name)):
                    found.setdefault(name, []).append(node.value)
        return found
    return memo_by_node(_PLAIN, function, index, limit=256)


_ASSIGNED: dict = {}  # memo of assigned_names, by function


def assigned_names(function: cst.FunctionDef) -> frozenset[str]:
    """Names ``function`` rebinds anywhere in its body (assignments, loops, ``with``/``except``/
    ``import ... as``, ``:=``); worked out once per function (the last few are kept)."""
    return memo_by_node(_ASSIGNED, function, lambda: _find_assigned_names(function))


def _find_assigned_names(function: cst.FunctionDef) -> frozenset[str]:
    names: set[str] = set()
    for node in walk(function.body):
        names |= names_bound_by(node)
    return frozenset(names)


def names_bound_by(node: cst.CSTNode) -> frozenset[str]:
    """The names one node binds: the targets of an assignment (``a = b = x``, ``a += 1``,
    ``a: int = 1``), a ``for`` loop, an ``as`` clause or ``:=`` (every name in a target,
    ``self`` of ``self.x = ...`` included); empty for any other node."""
    if isinstance(node, cst.Assign):
        targets = [t.target for t in node.targets]
    elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr)):
        targets = [node.target]
    elif isinstance(node, cst.AsName):
        targets = [node.name]
    else:
        return frozenset()
    return frozenset().union(*(names_in(target) for target in targets))


def contains(container: cst.CSTNode, target: cst.CSTNode, *, into_nested_scopes: bool = True) -> bool:
    """Whether ``target`` is ``container`` or lies inside it (see :func:`walk`)."""
    nodes = walk(container, into_nested_scopes=into_nested_scopes, tokens=is_token(target))
    return any(node is target for node in nodes)


def _import_target(node: cst.BaseExpression) -> str:
    return dotted_name(node) or ""


class LazyTable(dict):
    """A binding table that lets ``loader(key)`` bind a missing key before answering.

    Names imported from the project's own modules are bound only when something asks for
    them (``mcplint.model.project``), so a module nobody consults is never parsed. Lookups
    (``in``, ``get``, ``[]``) load; iteration shows what is bound so far.
    """

    loader = None

    def _load(self, key) -> None:
        if self.loader is not None and isinstance(key, str) and not dict.__contains__(self, key):
            self.loader(key)

    def __contains__(self, key) -> bool:
        self._load(key)
        return dict.__contains__(self, key)

    def __getitem__(self, key):
        self._load(key)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self._load(key)
        return dict.get(self, key, default)


@dataclass
class ModuleInfo:
    """Top-level bindings of one module.

    ``imports`` maps a local name to the qualified name it stands for
    (``types`` -> ``mcp.types``); ``functions`` holds every function defined outside a
    class (nested ones too, first definition wins, since servers often register handlers
    inside a ``serve()`` function); ``constants`` holds names assigned exactly once at
    module level; ``star_import`` is true when ``from x import *`` hides bindings.
    """

    module: cst.Module
    imports: dict[str, str] = field(default_factory=dict)
    functions: dict[str, cst.FunctionDef] = field(default_factory=LazyTable)
    classes: dict[str, cst.ClassDef] = field(default_factory=LazyTable)
    constants: dict[str, cst.BaseExpression] = field(default_factory=LazyTable)
    star_import: bool = False
    # Module-level containers written empty (``REGISTRY = {}``) that functions of the module
    # fill (``REGISTRY[name] = entry`` in a decorator, ``PROMPTS.append(p)`` in a register
    # function, ``HANDLERS[h.name] = h`` in ``add_handler`` called at import): registries whose
    # contents come from calls, so the literal is not their value. Name -> the empty literal.
    # One model for both readers: the declarations (a list handler reading the registry) and
    # the dispatch (a get handler looking the name up in it) ask the evaluator for its value
    # (mcplint.model.registries).
    filled: dict[str, cst.BaseExpression] = field(default_factory=dict)
    # mentions(name, needles, exact=False): whether the project module ``name`` is imported
    # from holds one of the byte strings; True once it is loaded unless ``exact`` (set by
    # mcplint.model.project; None: nothing to load lazily).
    mentions: Any = None
    # callers(function): (ModuleInfo, Call) of the calls of this module's top-level ``function``
    # in the other modules of its folder that import it (set by mcplint.model.project).
    callers: Any = None
    # neighbours(needle): the LinkedModules of this module's folder whose text holds the bytes
    # ``needle`` (set by mcplint.model.project; None: no project to read).
    neighbours: Any = None
    # neighbours_of(node, needle): like ``neighbours``, for the folder of the project module that
    # defines the class ``node`` (set by mcplint.model.project; None: this module only).
    neighbours_of: Any = None
    # origin(name): (ModuleInfo, top-level name there) of the project module a dotted name
    # bound by an import comes from (``mcp`` of ``from app import mcp``, ``app.mcp`` of
    # ``import app``), read and linked but never run; None when it is no project name
    # (set by mcplint.model.project).
    origin: Any = None
    # users_of(node, needle): the module defining ``node``, then the project's modules holding the
    # word ``needle`` (set by mcplint.model.project; None: this module only).
    users_of: Any = None
    # adopt(other): bind the names of ``other`` (a neighbour's ModuleInfo whose functions are
    # followed from here) where this module has none (set by mcplint.model.project).
    adopt: Any = None
    # registry(evaluator, name): the value of a registry in ``filled`` as the project's calls
    # fill it, or UNKNOWN (set by mcplint.model.build; None: always UNKNOWN).
    registry: Any = None
    # home_of(function): the ModuleInfo of the linked project module that defines ``function``
    # at its top level (set by mcplint.model.project; None: this module only).
    home_of: Any = None
    # Functions defined outside a class whose name an earlier function already took (two
    # factories that each nest a ``def register(fn)``): not in ``functions``, which keeps the
    # first, but each may still fill a registry (mcplint.model.registries).
    shadowed: list = field(default_factory=list)

    def qualify(self, node: cst.BaseExpression) -> str | None:
        """The qualified name an expression refers to, resolving its first part via imports.

        ``types.PromptArgument`` -> ``mcp.types.PromptArgument``; a name bound in this
        module is returned as written.
        """
        dotted = dotted_name(node)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        target = self.imports.get(head)
        if target is None:
            return dotted
        return f"{target}.{rest}" if rest else target

    def imported_modules(self) -> Iterator[str]:
        """Every qualified import target (for stack detection)."""
        return iter(self.imports.values())


def build_module_info(module: cst.Module) -> ModuleInfo:
    """Collect the bindings of ``module`` by walking its statements (not its expressions)."""
    info = ModuleInfo(module)
    assigned_twice: set[str] = set()
    for statement, depth in _walk_statements(module.body, 0):
        kind = type(statement)  # not isinstance: see exact_types
        if kind is cst.FunctionDef:
            if info.functions.setdefault(statement.name.value, statement) is not statement:
                info.shadowed.append(statement)
        elif kind is cst.ClassDef:
            info.classes.setdefault(statement.name.value, statement)
        elif kind is cst.SimpleStatementLine:
            for small in statement.body:
                _record_small(info, small, depth, assigned_twice)
    not_registries = set(assigned_twice)
    # `mcp = FastMCP(...)` then `mcp.settings.port = 8000`: the name still stands for the object
    # it was bound to (importers must find their server); only the attributes set are unknown.
    objects = _made_objects(info.constants, assigned_twice)
    changed: dict[str, set[str]] = {}
    not_registries.update(_mutated_at_import(module.body, objects, changed))
    run_at_import, calls = _run_at_import(module.body, info.functions)
    not_registries.update(_mutated_through_arguments(calls, info.constants))
    info.filled = _filled_registries(info, not_registries)
    assigned_twice |= not_registries
    assigned_twice.update(_mutated_by_functions(run_at_import, info.constants, objects, changed))
    for name, attributes in changed.items():
        if name not in assigned_twice:
            _mark_attributes_set(dict.__getitem__(info.constants, name), attributes)
    assigned_twice.update(_aliased_by(assigned_twice, info.constants))
    for name in assigned_twice:
        info.constants.pop(name, None)
    return info


def copy_module_info(info: ModuleInfo) -> ModuleInfo:
    """A copy of ``info`` (as :func:`build_module_info` made it) whose tables can gain
    bindings without changing ``info``'s: no loader, no project hooks, no memos."""
    return ModuleInfo(info.module, dict(info.imports), LazyTable(info.functions), LazyTable(info.classes),
                      LazyTable(info.constants), info.star_import, filled=info.filled, shadowed=info.shadowed)


def _filled_registries(info: ModuleInfo, excluded: set[str]) -> dict[str, cst.BaseExpression]:
    """Constants written (once) as an empty container that some function or method of the
    module changes in place (at any depth: ``def prompt(name): def decorator(fn): REGISTRY[name]
    = ...``), by name with that literal: their value is whatever the calls put in, not ``{}``.
    ``excluded``: names bound twice or also changed otherwise (at module level, through a
    parameter), whose filling the registry model would not see whole."""
    empty = {name for name, node in dict.items(info.constants) if _is_empty_container(node) and name not in excluded}
    if not empty:
        return {}
    functions = [*dict.values(info.functions), *info.shadowed]
    for node in dict.values(info.classes):
        functions.extend(inner for inner in node.body.body if isinstance(inner, cst.FunctionDef)) \
            if isinstance(node.body, cst.IndentedBlock) else None
    filled: set[str] = set()
    for function in functions:
        statements = list(_own_statements(suite_statements(function.body)))
        local = _local_names(function, statements)
        for statement in statements:
            for small in _smalls(statement):
                filled.update(name for name in _mutated_names(small) if name in empty and name not in local)
    return {name: dict.__getitem__(info.constants, name) for name in sorted(filled)}


def _is_empty_container(node: cst.BaseExpression) -> bool:
    """``{}``, ``[]``, ``dict()``, ``list()``, ``defaultdict(list)`` and the like: nothing in it yet."""
    if isinstance(node, (cst.Dict, cst.List)):
        return not node.elements
    return isinstance(node, cst.Call) and dotted_name(node.func) in ("dict", "list", "defaultdict", "OrderedDict") \
        and all(arg.keyword is None and dotted_name(arg.value) in ("list", "dict", "set") for arg in node.args)


_MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault", "add",
                       "discard", "sort", "reverse", "popitem"})


def _mutated_at_import(body, objects: frozenset[str] = frozenset(),
                       changed: dict[str, set[str]] | None = None) -> Iterator[str]:
    """Module-level names changed in place while the module runs (``TOOLS.append(...)``,
    ``PROMPTS["x"] = ...``): their literal is not their value, so they are no constants.
    ``objects``/``changed``: as in :func:`_mutated_names`."""
    for statement in body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            continue
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                yield from _mutated_names(small, objects, changed)
            continue
        for child in _child_bodies(statement):
            yield from _mutated_at_import(child, objects, changed)


#: Call nodes bound to a module constant whose attributes the module sets after the call
#: (``mcp.settings.port = 8000``), by id, with the node (an id reused by another tree never
#: answers for it) and the first attributes set: :func:`attributes_set_after`.
_SET_AFTER: dict[int, tuple[cst.CSTNode, frozenset[str]]] = {}
_CONTAINER_CALLS = frozenset({"dict", "list", "set", "frozenset", "tuple", "defaultdict", "OrderedDict", "deque"})


def _made_objects(constants, excluded: set[str]) -> frozenset[str]:
    """Constants bound once to an object made by a call that is not a container
    (``mcp = FastMCP(...)``, ``settings = Settings()``): setting an attribute of the object
    keeps the name bound to it, so such a change does not unbind the constant."""
    return frozenset(name for name, node in dict.items(constants) if name not in excluded and isinstance(node, cst.Call)
                     and dotted_name(node.func) not in _CONTAINER_CALLS)


def _mark_attributes_set(node: cst.CSTNode, attributes: set[str]) -> None:
    if len(_SET_AFTER) > 4096:  # a long-lived language server parses each edit anew
        _SET_AFTER.clear()
    _SET_AFTER[id(node)] = (node, frozenset(attributes))


def attributes_set_after(node: cst.CSTNode) -> frozenset[str]:
    """The attributes a module sets on the object ``node`` (the call a module constant is bound
    to) after making it: ``{"settings"}`` for ``mcp = FastMCP(...)`` followed by
    ``mcp.settings.port = 8000``. Their values, and the object's contents as a whole, are not
    those the call was given. Empty for any other node."""
    kept = _SET_AFTER.get(id(node))
    return kept[1] if kept is not None and kept[0] is node else frozenset()


def _object_attribute(element: cst.BaseExpression, objects: frozenset[str]) -> tuple[str, str] | None:
    """``("mcp", "settings")`` for the target ``mcp.settings.port`` when ``mcp`` is one of
    ``objects`` and the target is a chain of attributes only; None otherwise."""
    if not isinstance(element, cst.Attribute) or not objects:
        return None
    node = element
    while isinstance(node.value, cst.Attribute):
        node = node.value
    if isinstance(node.value, cst.Name) and node.value.value in objects:
        return node.value.value, node.attr.value
    return None


def _mutated_names(small: cst.BaseSmallStatement, objects: frozenset[str] = frozenset(),
                   changed: dict[str, set[str]] | None = None) -> Iterator[str]:
    """The names a statement changes in place, however deep the change (``P["b"]["type"] = 1``,
    ``P["b"].update(...)``, ``del P["b"]["c"]``). An attribute set on one of ``objects``
    (``mcp.settings.port = 1``) is not such a change: it goes into ``changed`` (name ->
    first attributes set) instead."""
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        func = small.value.func
        if isinstance(func, cst.Attribute) and func.attr.value in _MUTATORS:
            root = _root_name(func.value)
            if root is not None:
                yield root
    elif isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del)):
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        for target in targets:
            for element in target_elements(target):
                attribute = _object_attribute(element, objects) if not isinstance(small, cst.Del) else None
                if attribute is not None and changed is not None:
                    changed.setdefault(attribute[0], set()).add(attribute[1])
                elif isinstance(element, (cst.Subscript, cst.Attribute)):
                    root = _root_name(element.value)
                    if root is not None:
                        yield root


def target_elements(target: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The single targets of an assignment target (``a["x"], b = ...`` unpacked)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from target_elements(element.value)
    else:
        yield target


def _root_name(node: cst.BaseExpression) -> str | None:
    """``P`` for ``P``, ``P["b"]``, ``P.b["c"]``; None when the chain starts elsewhere (a call)."""
    while isinstance(node, (cst.Subscript, cst.Attribute)):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _mutated_by_functions(functions: list[cst.FunctionDef], constants, objects: frozenset[str] = frozenset(),
                          changed: dict[str, set[str]] | None = None) -> set[str]:
    """Module constants that ``functions`` (those run while the module is imported) change
    (``def tweak(): PROPS["c"] = ...``, ``global N; N = ...``): the literal is then not the
    value. A name a function binds itself is its own local. A handler changing a constant
    at request time is not counted: the literal is what is listed first (MCP601 reports the
    change itself)."""
    names: set[str] = set()
    for function in functions:
        statements = list(_own_statements(suite_statements(function.body)))
        declared_global = {name.name.value for statement in statements for small in _smalls(statement)
                           if isinstance(small, cst.Global) for name in small.names}
        local = _local_names(function, statements) - declared_global
        for statement in statements:
            for small in _smalls(statement):
                names.update(name for name in _mutated_names(small, objects - local, changed) if name not in local)
                if isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
                    names.update(name for name in _bound_names(small) if name in declared_global)
    return {name for name in names if name in constants}


def _run_at_import(body, functions) -> tuple[list[cst.FunctionDef], list[tuple[cst.Call, cst.FunctionDef]]]:
    """The module's functions called, by name, by a module-level statement (``tweak()``,
    ``X = setup()``), and those they call in turn; with each of those calls."""
    found: dict[str, cst.FunctionDef] = {}
    calls: list[tuple[cst.Call, cst.FunctionDef]] = []
    pending = [call for call in _calls(_own_statements(body)) if call.func.value in functions]
    while pending:
        call = pending.pop()
        name = call.func.value
        function = found.get(name) or functions[name]
        calls.append((call, function))
        if name in found:
            continue
        found[name] = function
        pending.extend(inner for inner in _calls(_own_statements(suite_statements(function.body)))
                       if inner.func.value in functions)
    return list(found.values()), calls


def _calls(statements) -> Iterator[cst.Call]:
    """Calls of a bare name made as a whole statement or an assigned value (``f()``,
    ``x = f()``, ``await f()``)."""
    for statement in statements:
        for small in _smalls(statement):
            value = small.value if isinstance(small, (cst.Expr, cst.Assign, cst.AnnAssign)) else None
            if isinstance(value, cst.Await):
                value = value.expression
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
                yield value


def _mutated_through_arguments(calls: list[tuple[cst.Call, cst.FunctionDef]], constants) -> set[str]:
    """Module constants passed to a function run at import that changes that parameter in
    place (``def register(schema): schema["required"] = [...]`` ... ``register(SCHEMA)``)."""
    names: set[str] = set()
    for call, function in calls:
        changed = {name for statement in _own_statements(suite_statements(function.body))
                   for small in _smalls(statement) for name in _mutated_names(small)}
        positional = [param.name.value for param in (*function.params.posonly_params, *function.params.params)]
        for index, argument in enumerate(call.args):
            if not isinstance(argument.value, cst.Name) or argument.star:
                continue
            if argument.keyword is not None:
                parameter = argument.keyword.value
            elif index < len(positional):
                parameter = positional[index]
            else:
                continue
            if parameter in changed and argument.value.value in constants:
                names.add(argument.value.value)
    return names


def _own_statements(body) -> Iterator[cst.CSTNode]:
    """The statements of a function body, nested blocks included, nested functions and classes not."""
    for statement in body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            continue
        yield statement
        for child in _child_bodies(statement):
            yield from _own_statements(child)


def _smalls(statement: cst.CSTNode) -> list:
    return list(statement.body) if isinstance(statement, cst.SimpleStatementLine) else []


def _bound_names(small) -> set[str]:
    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
    return {element.value for target in targets for element in target_elements(target) if isinstance(element, cst.Name)}


def _local_names(function: cst.FunctionDef, statements: list) -> set[str]:
    """Names a function binds itself: parameters, plain assignments, loop and ``with`` targets."""
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [param for param in (params.star_arg, params.star_kwarg) if isinstance(param, cst.Param)]
    names = {param.name.value for param in every}
    for statement in statements:
        for small in _smalls(statement):
            if isinstance(small, (cst.Assign, cst.AnnAssign)):
                names |= _bound_names(small)
        if isinstance(statement, cst.For):
            names |= {e.value for e in target_elements(statement.target) if isinstance(e, cst.Name)}
        elif isinstance(statement, cst.With):
            names |= {e.value for item in statement.items if item.asname is not None
                      for e in target_elements(item.asname.name) if isinstance(e, cst.Name)}
    return names


def _aliased_by(mutated: set[str], constants) -> set[str]:
    """Constants a mutated constant shares objects with (``ALIAS = OTHER``, ``S = {"p": PROPS}``):
    changing one changes the other."""
    seen: set[str] = set()
    pending = [name for name in mutated if name in constants]
    while pending:
        name = pending.pop()
        for other in source_names(constants[name]):
            if other not in seen and other != name and isinstance(constants.get(other), (cst.Dict, cst.List, cst.Set, cst.Name, cst.Call)):
                seen.add(other)
                pending.append(other)
    return seen


_ASSIGNMENTS = exact_types(cst.Assign, cst.AnnAssign)


def _record_small(info: ModuleInfo, small: cst.BaseSmallStatement, depth: int, twice: set[str]) -> None:
    kind = type(small)  # not isinstance: see exact_types
    if kind is cst.Import:
        for alias in small.names:
            full = _import_target(alias.name)
            if alias.asname is not None:
                info.imports[dotted_name(alias.asname.name) or full] = full
            else:
                head = full.split(".")[0]
                info.imports.setdefault(head, head)
                if full != head:  # `import pkg.app` also makes pkg.app.NAME reachable
                    info.imports.setdefault(full, full)
    elif kind is cst.ImportFrom:
        _record_import_from(info, small)
    elif depth == 0 and kind in _ASSIGNMENTS:
        targets = small.targets if kind is cst.Assign else [small]
        value = small.value
        for target in targets:
            node = target.target
            if isinstance(node, cst.Name) and value is not None:
                if node.value in info.constants:
                    twice.add(node.value)
                info.constants[node.value] = value
    elif depth == 0 and kind is cst.AugAssign and isinstance(small.target, cst.Name):
        twice.add(small.target.value)


def _record_import_from(info: ModuleInfo, node: cst.ImportFrom) -> None:
    module = _import_target(node.module) if node.module is not None else ""
    dots = "." * len(node.relative)
    base = f"{dots}{module}"
    if isinstance(node.names, cst.ImportStar):
        info.star_import = True
        return
    for alias in node.names:
        name = _import_target(alias.name)
        local = dotted_name(alias.asname.name) if alias.asname is not None else name
        if local:
            info.imports[local] = f"{base}.{name}" if base and not base.endswith(".") else f"{base}{name}"


def _walk_statements(body, depth: int) -> Iterator[tuple[cst.CSTNode, int]]:
    """Yield every statement with its nesting depth (0 = module level), classes excluded from functions."""
    for statement in body:
        yield statement, depth
        if type(statement) is cst.ClassDef:  # not isinstance: see exact_types
            # Methods are not module functions; nested classes are still recorded.
            for inner in statement.body.body:
                if type(inner) is cst.ClassDef:
                    yield inner, depth + 1
            continue
        for child_body in _child_bodies(statement):
            yield from _walk_statements(child_body, depth + 1)


_BRANCHES_AND_LOOPS = exact_types(cst.If, cst.While, cst.For, cst.With)


def _child_bodies(statement: cst.CSTNode) -> Iterator[list]:
    """The statement lists directly inside a compound statement."""
    kind = type(statement)  # not isinstance: see exact_types (this runs for every statement)
    if kind is cst.FunctionDef:
        yield suite_statements(statement.body)
    elif kind in _BRANCHES_AND_LOOPS:
        yield suite_statements(statement.body)
        orelse = getattr(statement, "orelse", None)
        while orelse is not None:
            yield suite_statements(orelse.body)
            orelse = getattr(orelse, "orelse", None) if type(orelse) is cst.If else None
    elif kind is cst.Try:
        yield suite_statements(statement.body)
        for handler in statement.handlers:
            yield suite_statements(handler.body)
        if statement.orelse is not None:
            yield suite_statements(statement.orelse.body)
        if statement.finalbody is not None:
            yield suite_statements(statement.finalbody.body)


def suite_statements(block: cst.BaseSuite) -> list:
    """The statements of a block; a one-line suite (``if x: return y``) as one statement line."""
    kind = type(block)  # not isinstance: see exact_types
    if kind is cst.IndentedBlock:
        return list(block.body)
    return [cst.SimpleStatementLine(body=block.body)] if kind is cst.SimpleStatementSuite else []


def is_context_annotation(annotation: cst.BaseExpression, info=None) -> bool:
    """Whether a parameter annotation names the framework's ``Context`` (injected, never a
    prompt argument or URI variable): ``Context``, ``fm.Context``, ``Context | None``, an import
    alias of it (``from mcp.server.fastmcp import Context as Ctx``, given the module's ``info``),
    or the same quoted (``"Context"``, ``"Context[ServerSession, None]"``). Source: mcp 1.x
    ``mcp/server/fastmcp/utilities/context_injection.py`` (``find_context_parameter`` checks the
    resolved type); fastmcp 2.x ``fastmcp/server/context.py`` likewise."""
    for node in walk(annotation):
        if isinstance(node, cst.SimpleString):
            text = node.evaluated_value
            try:
                quoted = cst.parse_expression(text) if isinstance(text, str) else None
            except cst.ParserSyntaxError:
                quoted = None
            if quoted is not None and is_context_annotation(quoted, info):
                return True
        elif isinstance(node, cst.Name):
            if node.value == "Context":
                return True
            qualified = info.imports.get(node.value, "") if info is not None else ""
            if qualified.split(".")[0] in ("mcp", "fastmcp") and qualified.rsplit(".", 1)[-1] == "Context":
                return True
    return False


def source_names(node: cst.CSTNode) -> set[str]:
    """Every bare name written inside ``node`` (``ErrorHandlingMiddleware`` in a middleware list)."""
    return {current.value for current in walk(node) if isinstance(current, cst.Name)}


def names_under(node: cst.CSTNode) -> Iterator[cst.Name]:
    """Every ``Name`` node in ``node``'s subtree (``node`` included), nested scopes too, in no
    particular order (an explicit stack: deep expressions would overflow a recursive walk)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            yield current
        stack.extend(fast_children(current, tokens=False))
