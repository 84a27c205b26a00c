"""The project class of an object a project function or method is annotated to return.

Prompt managers keep prompt objects in a registry and hand one back by name:
``def get_prompt(self, name: str) -> Optional[PromptTemplate]: return self.prompts.get(name)``,
then ``prompt = self.get_prompt(name)`` and ``prompt.validate_arguments(**kwargs)``. The
object's class is the one the return annotation names (``X``, ``"X"``, ``Optional[X]``,
``X | None``, ``Union[X, None]``), looked up where the function is defined. The object may be
any subclass of it, so a method is followed through that class only when no project subclass
found next to it overrides the method and the method is not an interface stub
(``raise NotImplementedError``): what runs then is the one method the class defines. Nothing
is imported or run.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.dropped_reads import is_stub
from mcplint.model.module_info import dotted_name
from mcplint.model.subclass_hooks import project_subclasses


def annotated_return_class(info, function: cst.FunctionDef, owner: cst.ClassDef | None = None) -> cst.ClassDef | None:
    """The project class ``function``'s return annotation names (None allowed beside it), looked
    up in the module defining ``owner`` (the class holding the method) or ``function``, then in
    ``info``; None for no annotation, another type, or a class the project's code lacks."""
    if function.returns is None:
        return None
    name = _single_class_name(function.returns.annotation)
    if name is None:
        return None
    home = info.home_of(owner or function) if getattr(info, "home_of", None) is not None else None
    for where in (home, info):
        cls = where.classes.get(name) if where is not None else None
        if isinstance(cls, cst.ClassDef):
            return cls
    return None


def runs_own_method(info, cls: cst.ClassDef, method: cst.FunctionDef) -> bool:
    """Whether calling ``method`` (found through ``cls``) on an object declared as ``cls`` runs
    that method: it is no stub, and no project subclass of ``cls`` defines its own of that name
    (None from :func:`project_subclasses`, too many to tell, counts as overridden)."""
    if is_stub(method, not_implemented=True):
        return False
    subclasses = project_subclasses(info, cls)
    if subclasses is None:
        return False
    name = method.name.value
    return not any(_defines(subclass, name) for subclass, _ in subclasses)


def _defines(cls: cst.ClassDef, name: str) -> bool:
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    return any(isinstance(statement, cst.FunctionDef) and statement.name.value == name for statement in body)


def _single_class_name(annotation: cst.BaseExpression) -> str | None:
    """``X`` of ``X``, ``"X"``, ``Optional[X]``, ``X | None``, ``Union[X, None]``; else None."""
    if isinstance(annotation, cst.SimpleString):
        text = annotation.evaluated_value
        if not isinstance(text, str):
            return None
        try:
            annotation = cst.parse_expression(text)
        except cst.ParserSyntaxError:
            return None
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        sides = [annotation.left, annotation.right]
        named = [side for side in sides if dotted_name(side) != "None"]
        return _single_class_name(named[0]) if len(named) == 1 else None
    if isinstance(annotation, cst.Subscript):
        head = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        inner = [element.slice.value for element in annotation.slice if isinstance(element.slice, cst.Index)]
        named = [node for node in inner if dotted_name(node) != "None"]
        if head in ("Optional", "Union") and len(named) == 1:
            return _single_class_name(named[0])
        return None
    name = dotted_name(annotation)
    return name if name and name != "None" else None


__all__ = ["annotated_return_class", "runs_own_method"]
