"""The project method a call in a tool's code runs when it is called on an object or a class
whose class the model knows, for judging what it builds (an error builder, a result wrapper).

A failure is often built by a method rather than a module function: a class of static
builders called through its name (``return ApiError.validation_error(str(e), "app_num")``,
whose body returns ``ApiError.create(message=..., status_code=400)``), a class method
(``Reply.failed(exc)`` returning ``cls.build(...)``), a method of a helper object whose class
is known (``replies.error(str(e))`` on ``replies = Replies()``, ``self.formatter.error(msg)``
on ``self.formatter = Formatter()``). The method is found as Python finds it (the class's own,
else a project base's), and inside its body ``self.x`` / ``cls.x`` mean that class's members,
not those of the class around the handler. An object whose class is not known stays unknown:
nothing is followed and nothing is reported from it. Nothing is imported or run.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

import libcst as cst

from mcplint.model.instance_types import class_method
from mcplint.model.module_info import dotted_name

_STATE = threading.local()
_MAX_CLASSES = 4096  # memo bound: a long-running language server parses modules again and again


def _owners() -> dict[int, tuple[cst.FunctionDef, cst.ClassDef]]:
    """id of a method found here -> (it, the class it was found through), on this thread."""
    if not hasattr(_STATE, "owners"):
        _STATE.owners = {}
    return _STATE.owners


def _inside() -> list[cst.ClassDef]:
    """The classes whose method bodies are being judged on this thread, innermost last."""
    if not hasattr(_STATE, "inside"):
        _STATE.inside = []
    return _STATE.inside


def object_method(walker, func: cst.BaseExpression) -> cst.FunctionDef | None:
    """The project method ``func`` (the callee of a call) names on a known class or object:
    ``ApiError.create`` (a class of the project, any module: its static, class or plain
    method), ``self.create`` / ``cls.create`` inside a method of a class being judged
    (:func:`judging`), or ``replies.error`` / ``self.replies.error`` where the walker knows
    the object's project class. None for anything else (a property is no call)."""
    if not isinstance(func, cst.Attribute) or not isinstance(func.attr, cst.Name):
        return None
    cls = _class_of_owner(walker, func.value)
    if cls is None:
        return None
    method = class_method(walker.info, cls, func.attr.value)
    if method is None or any(dotted_name(d.decorator) == "property" for d in method.decorators):
        return None
    owners = _owners()
    if len(owners) > _MAX_CLASSES:
        owners.clear()
    owners[id(method)] = (method, cls)
    return method


def _class_of_owner(walker, owner: cst.BaseExpression) -> cst.ClassDef | None:
    """The project class ``owner`` is (a class name) or is an instance of."""
    name = dotted_name(owner)
    inside = _inside()
    if name in ("self", "cls") and inside:
        return inside[-1]
    if name is not None and "." not in name and name not in ("self", "cls"):
        cls = walker.info.classes.get(name)
        if isinstance(cls, cst.ClassDef):
            return cls
    known = getattr(walker, "object_class", None)  # what the handler's walk knows of its objects
    return known(owner) if known is not None else None


def method_owner(function: cst.FunctionDef) -> cst.ClassDef | None:
    """The class :func:`object_method` found ``function`` through, else None."""
    found = _owners().get(id(function))
    return found[1] if found is not None and found[0] is function else None


def judged_class() -> cst.ClassDef | None:
    """The class whose method body is being judged (:func:`judging`), innermost; else None."""
    inside = _inside()
    return inside[-1] if inside else None


@contextmanager
def judging(function: cst.FunctionDef) -> Iterator[None]:
    """While the body of ``function`` is judged: when it is a method found through a class
    (:func:`object_method`), ``self.x`` / ``cls.x`` in it are that class's members."""
    cls = method_owner(function)
    inside = _inside()
    if cls is not None:
        inside.append(cls)
    try:
        yield
    finally:
        if cls is not None:
            inside.pop()
