"""Method calls on instances made where they are called, under the name of the class.

A registration method of a project class (``class PointTools: def register_tools(self,
mcp): @mcp.tool ...``) receives its server from the code that makes an instance and calls
the method: ``tools = PointTools(log); tools.register_tools(self.mcp)``, ``for toolset in
(NoteTools(store), TagTools(store)): toolset.attach(app)`` or
``PointTools(log).register_tools(mcp)``. Each such call is listed here under the alias
``PointTools().register_tools`` (the constructor as written in the calling module, then
``()``, then the method), so that the project linker finds it as a call of that method the
way it finds ``register_tools(mcp)`` for a function (see ``project._calls_by_name``).

Only what the calling function itself shows is used: a name bound there to a constructor
call, a loop target over a literal list or tuple of constructor calls, or the constructor
call itself as the receiver. Whether the constructor is the class asked about is decided by
the caller through the module's imports; a name bound to anything else is not an instance.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from mcplint.model.module_info import dotted_name, walk

_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


def instance_calls(module: cst.Module) -> Iterator[tuple[str, cst.Call]]:
    """(``Ctor().method``, call) for each method call on an instance made in the same scope
    (the module or one function, nested functions apart), in source order."""
    yield from _scope_calls(module.body)
    for node in walk(module):
        if isinstance(node, cst.FunctionDef):
            yield from _scope_calls(node.body)


def _scope_calls(body) -> Iterator[tuple[str, cst.Call]]:
    """The instance calls of one scope: its bindings first, then its calls."""
    made = _constructed_names(body)
    for call in _own_calls(body):
        func = call.func
        if not isinstance(func, cst.Attribute):
            continue
        receiver = func.value
        if isinstance(receiver, cst.Call):  # PointTools(log).register_tools(mcp)
            ctor = dotted_name(receiver.func)
            if ctor is not None:
                yield f"{ctor}().{func.attr.value}", call
        elif isinstance(receiver, cst.Name):
            for ctor in made.get(receiver.value, ()):
                yield f"{ctor}().{func.attr.value}", call


def _constructed_names(body) -> dict[str, list[str]]:
    """Local name -> the dotted callees it is bound to in this scope: ``tools = Cls(...)``
    and ``for tools in (A(...), B(...))``. A name also bound to something else, or assigned
    calls of two callees, is dropped (it does not always hold an instance of one class)."""
    made: dict[str, list[str]] = {}
    assigned: dict[str, list[str | None]] = {}
    other: set[str] = set()
    for node in _own_nodes(body):
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            name = node.targets[0].target.value
            ctor = dotted_name(node.value.func) if isinstance(node.value, cst.Call) else None
            (made.setdefault(name, []).append(ctor) if ctor is not None else other.add(name))
            assigned.setdefault(name, []).append(ctor)
        elif isinstance(node, cst.For) and isinstance(node.target, cst.Name):
            ctors = _literal_constructors(node.iter)
            (made.setdefault(node.target.value, []).extend(ctors) if ctors else other.add(node.target.value))
    # rebound to another callee (`tools = A(); tools = make()`): which one a call meets depends
    # on the order of the code, which this table does not keep
    other |= {name for name in assigned if len(set(assigned[name])) > 1}
    return {name: ctors for name, ctors in made.items() if name not in other}


def _literal_constructors(iterable: cst.BaseExpression) -> list[str]:
    """The callees of a literal list or tuple whose every element is a call; else []."""
    if not isinstance(iterable, (cst.List, cst.Tuple)) or not iterable.elements:
        return []
    ctors = [dotted_name(e.value.func) if isinstance(e, cst.Element) and isinstance(e.value, cst.Call) else None
             for e in iterable.elements]
    return ctors if all(ctors) else []


def _own_calls(body) -> Iterator[cst.Call]:
    for node in _own_nodes(body):
        if isinstance(node, cst.Call):
            yield node


def _own_nodes(body) -> Iterator[cst.CSTNode]:
    """The nodes of a scope's statements, without descending into nested functions,
    lambdas and classes (their names are their own)."""
    stack = list(reversed(body if isinstance(body, (list, tuple)) else [body]))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, _SCOPES):
            continue
        stack.extend(reversed(list(node.children)))
