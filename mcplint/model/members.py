"""Dispatch through object members: the handler picks the code for a name with ``getattr``.

``render = getattr(self, "_prompt_" + name.replace("-", "_"))`` then ``render(arguments or
{})``; ``impl = getattr(operations, f"op_{params.name}", None)`` on a module imported whole;
``getattr(self.handlers, name)`` on an object whose class is known. The attribute is computed
from the requested name, so for each declared name the model evaluates the attribute's name
(the requested name replaced by the declared one) and looks that member up: a method of the
handler's own class (through project bases), a method of the object's project class, or a
function of the project module. A declared name whose member is not found stays unserved
here (the escape stays in the coverage report). Nothing is imported or run.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from mcplint.model.instance_types import bound_class, class_method
from mcplint.model.module_info import ModuleInfo, dotted_name, functions_defined_in, walk

_MAX_ASSIGNMENTS = 1  # a getattr local bound more than once is not followed


def getattr_call(function: cst.FunctionDef, called: cst.BaseExpression) -> cst.Call | None:
    """The ``getattr(owner, attribute[, default])`` call that ``called`` (the function of a
    call in ``function``) stands for: the call itself, or a local assigned it exactly once."""
    if _is_getattr(called):
        return called
    if not isinstance(called, cst.Name):
        return None
    found: list[cst.BaseExpression] = []
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value == called.value
                                                for t in node.targets):
            found.append(node.value)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.NamedExpr)) and dotted_name(node.target) == called.value:
            return None
    if len(found) != _MAX_ASSIGNMENTS:
        return None
    value = found[0]
    return value if _is_getattr(value) else None


@dataclass(frozen=True)
class Member:
    """The project function ``getattr(owner, attribute)`` yields for one requested name:
    ``bound`` when the object goes first (a method of a project class), ``cls`` that class
    (None for a function of a module)."""

    function: cst.FunctionDef
    bound: bool
    cls: cst.ClassDef | None


def member_table(info: ModuleInfo, evaluator, function: cst.FunctionDef, lookup: cst.Call, is_name,
                 declared: frozenset[str] | None, around: tuple[cst.FunctionDef, ...] = ()) -> dict[str, Member] | None:
    """For each declared name, the :class:`Member` that ``getattr(owner, attribute)`` in
    ``function`` yields when the requested name is that one (``is_name`` tells the spellings
    of the requested name in ``attribute``). None unless the attribute mentions the requested
    name and every declared name has a member that is a project function, or surely has none
    (a class of the project whose every base is one too, with no ``__getattr__`` and no other
    binding of that name: ``getattr`` then raises, or gives its default, so the name never
    reaches the member's call; ``if hasattr(tools, name):`` guards alike). A declared name
    whose member is not known could run anything, so the lookup then stays unfollowed.
    ``around``: the functions ``function`` is nested in (outermost first), whose locals it
    sees by closure (``tools = CdnTools(...)`` in the factory of a nested ``call_tool``)."""
    owner, attribute = lookup.args[0].value, lookup.args[1].value
    spellings = [node for node in walk(attribute) if isinstance(node, (cst.Name, cst.Attribute)) and is_name(node)]
    if not declared or not spellings:
        return None
    found: dict[str, Member] = {}
    for name in sorted(declared):
        member = evaluator.eval(_with_name(attribute, spellings, name))
        if not isinstance(member, str) or not member.isidentifier():
            return None
        target = _member(info, function, owner, member, around)
        if target is None and not _surely_missing(info, _owner_class(info, function, owner, around), member):
            return None
        if target is not None:
            found[name] = target
    return found or None


def _owner_class(info: ModuleInfo, function: cst.FunctionDef, owner: cst.BaseExpression,
                 around: tuple[cst.FunctionDef, ...] = ()) -> cst.ClassDef | None:
    if dotted_name(owner) == "self":
        return _defining_class(info, function)
    if isinstance(owner, cst.Name):
        return bound_class(info, owner.value, (*around, function)) or _annotated_class(info, function, owner.value)
    return None


def _surely_missing(info: ModuleInfo, cls: cst.ClassDef | None, member: str, depth: int = 0) -> bool:
    """Whether objects of the project class ``cls`` surely have no attribute ``member``: neither
    it nor a base binds the name anywhere (body, ``self.<member> = ...``), none defines
    ``__getattr__``, and every base is a project class (or ``object``)."""
    if cls is None or depth > 4:
        return False
    for node in walk(cls.body):
        if isinstance(node, cst.FunctionDef) and node.name.value in (member, "__getattr__", "__getattribute__"):
            return False
        if isinstance(node, (cst.Name, cst.Attribute)) and (dotted_name(node) in (member, f"self.{member}")):
            return False
    for base in cls.bases:
        if dotted_name(base.value) == "object":
            continue
        parent = info.classes.get(dotted_name(base.value) or "")
        if parent is None or parent is cls or not _surely_missing(info, parent, member, depth + 1):
            return False
    return True


def _member(info: ModuleInfo, function: cst.FunctionDef, owner: cst.BaseExpression, member: str,
            around: tuple[cst.FunctionDef, ...] = ()) -> Member | None:
    """``owner.<member>`` as a project function (``around`` as for :func:`member_table`)."""
    if dotted_name(owner) == "self":
        cls = _defining_class(info, function)
    elif isinstance(owner, cst.Name) and owner.value in info.imports:
        module_function = info.functions.get(f"{owner.value}.{member}")
        if module_function is not None:  # `from . import operations`: a function of that module
            return Member(module_function, False, None)
        cls = bound_class(info, owner.value, (function,))
    elif isinstance(owner, cst.Name):
        cls = bound_class(info, owner.value, (*around, function)) or _annotated_class(info, function, owner.value)
    else:
        return None
    if cls is None:
        return None
    method = class_method(info, cls, member)
    if method is None or any(dotted_name(d.decorator) in ("classmethod", "property") for d in method.decorators):
        return None
    bound = not any(dotted_name(d.decorator) == "staticmethod" for d in method.decorators)
    return Member(method, bound, cls)


def _annotated_class(info: ModuleInfo, function: cst.FunctionDef, name: str) -> cst.ClassDef | None:
    """The project class a parameter of ``function`` is annotated with (``course_tools:
    CourseTools``, ``"CourseTools"``): the object the caller hands in is taken to be one."""
    for param in [*function.params.params, *function.params.kwonly_params]:
        if param.name.value == name and param.annotation is not None:
            annotation = param.annotation.annotation
            if isinstance(annotation, cst.SimpleString):
                return info.classes.get(str(annotation.evaluated_value))
            return info.classes.get(dotted_name(annotation) or "")
    return None


def _with_name(expr: cst.BaseExpression, spellings: list[cst.CSTNode], name: str) -> cst.BaseExpression:
    """``expr`` with each node spelling the requested name replaced by the literal ``name``."""
    for node in spellings:
        expr = expr.deep_replace(node, cst.SimpleString(repr(name)))
    return expr


def _is_getattr(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and dotted_name(node.func) == "getattr" and len(node.args) in (2, 3) \
        and not any(arg.star or arg.keyword is not None for arg in node.args)


def _defining_class(info: ModuleInfo, function: cst.FunctionDef) -> cst.ClassDef | None:
    """The class that defines the method ``function``: in the linted module, else in the
    project module that defines it (a handler object's class imported from ``handlers.py``)."""
    found = _class_of(info.module, function)
    if found is None and info.home_of is not None:
        home = info.home_of(function)
        found = _class_of(home.module, function) if home is not None and home is not info else None
    return found


def _class_of(module: cst.Module, function: cst.FunctionDef) -> cst.ClassDef | None:
    """The class whose body defines ``function`` directly (module-level classes)."""
    for statement in module.body:
        if isinstance(statement, cst.ClassDef) and any(inner is function for inner in statement.body.body):
            return statement
    return None


_MARK = "mcplintrequestedname"  # stands for the requested name in the attribute's pattern


def attribute_pattern(evaluator, lookup: cst.Call, is_name) -> tuple[str, str] | None:
    """``getattr(self, f"handle_{name}")`` as ``("handle_", "")``: the fixed text around the
    requested name in the attribute (``is_name`` tells its spellings); None when the attribute
    is not the requested name with fixed text around it (a transformation such as
    ``name.replace("-", "_")`` keeps it, whatever it does to the name itself)."""
    attribute = lookup.args[1].value
    spellings = [node for node in walk(attribute) if isinstance(node, (cst.Name, cst.Attribute)) and is_name(node)]
    if not spellings:
        return None
    pattern = evaluator.eval(_with_name(attribute, spellings, _MARK))
    if not isinstance(pattern, str) or pattern.count(_MARK) != 1:
        return None
    prefix, suffix = pattern.split(_MARK)
    return prefix, suffix


def spelled_members(members: dict, prefix: str, suffix: str) -> dict:
    """The entries of ``members`` (name -> anything) whose name the pattern can spell, keyed by
    the part the requested name fills; a bare ``getattr(owner, name)`` spells only public names."""
    found = {}
    for member, value in members.items():
        if len(member) > len(prefix) + len(suffix) and member.startswith(prefix) and member.endswith(suffix) \
                and (prefix or not member.startswith("_")) and not member.startswith("__"):
            found[member[len(prefix):len(member) - len(suffix)]] = value
    return found


def module_functions(info: ModuleInfo, owner: cst.BaseExpression) -> dict[str, cst.FunctionDef]:
    """The functions of the project module ``owner`` names (``import operations`` /
    ``from . import operations``), by name; empty when it names no loaded project module."""
    name = dotted_name(owner)
    if not isinstance(owner, cst.Name) or name not in info.imports:
        return {}
    info.functions.get(f"{name}.{_MARK}")  # loads the module's names when not loaded yet
    prefix = f"{name}."
    found = {key[len(prefix):]: function for key, function in list(dict.items(info.functions))
             if key.startswith(prefix) and "." not in key[len(prefix):]}
    # the module's table also holds functions nested in its own and names it imports, which
    # getattr on the module does not reach (nested) or which are no tool of it (imported helpers)
    nested = {inner for function in found.values() for inner in functions_defined_in(function)[1]}
    return {member: function for member, function in found.items()
            if id(function) not in nested and not (member in info.imports and info.functions.get(member) is function)}


def is_member_lookup(node: cst.BaseExpression, is_name) -> bool:
    """``getattr(owner, f"op_{name}", None)``: a lookup by the requested name (``is_name``
    tells its spellings) that gives None exactly when no member is named so."""
    if not _is_getattr(node) or len(node.args) != 3 or dotted_name(node.args[2].value) != "None":
        return False
    return any(is_name(inner) for inner in walk(node.args[1].value) if isinstance(inner, (cst.Name, cst.Attribute)))
