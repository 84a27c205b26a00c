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
from typing import Iterable, Iterator

import libcst as cst

from mcplint.model.instance_types import attribute_class, class_method
from mcplint.model.module_info import dotted_name, suite_statements, walk

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


def project_callee(walker, call: cst.Call) -> cst.FunctionDef | None:
    """The project function ``call`` calls by name (``format_error(e)``), through a module
    imported whole (``common.error_response(e)``), a method of the class being walked
    (``self._create_error_response(msg)``), or a method of a class or object whose class is
    known (:func:`object_method`: ``ApiError.validation_error(msg)``, ``replies.error(msg)``),
    else None."""
    if isinstance(call.func, cst.Name):
        return walker.info.functions.get(call.func.value)
    name = dotted_name(call.func) if isinstance(call.func, cst.Attribute) else None
    if name is not None and name.partition(".")[0] in ("self", "cls") and judged_class() is None:
        own = getattr(walker, "own_method", None)
        found = own(call.func) if own is not None else None
        return found if found is not None else object_method(walker, call.func)
    found = walker.info.functions.get(name) if name is not None and name.count(".") == 1 else None
    return found if found is not None else object_method(walker, call.func)


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
    if inside and isinstance(owner, cst.Attribute) and dotted_name(owner.value) == "self":
        # `self.replies` inside a judged method: its class's attribute, not the handler's
        return attribute_class(walker.info, _methods_of(walker.info, inside[-1]), owner.attr.value)
    if inside and name is not None and name.partition(".")[0] in ("self", "cls"):
        return None
    if name is not None and "." not in name and name not in ("self", "cls"):
        cls = walker.info.classes.get(name)
        if isinstance(cls, cst.ClassDef):
            return cls
    if inside:
        return None  # the judged method's own locals and globals are not the walked code's
    known = getattr(walker, "object_class", None)  # what the handler's walk knows of its objects
    return known(owner) if known is not None else None


def _methods_of(info, cls: cst.ClassDef, depth: int = 0) -> list[cst.FunctionDef]:
    """The methods of a project class and of its project bases (a few levels)."""
    methods = [s for s in suite_statements(cls.body) if isinstance(s, cst.FunctionDef)]
    for base in cls.bases if depth < 4 else ():
        parent = info.classes.get(dotted_name(base.value) or "")
        if isinstance(parent, cst.ClassDef) and parent is not cls:
            methods.extend(_methods_of(info, parent, depth + 1))
    return methods


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


#: Words of a field name that holds a failure (``error_message``, ``errors``, ``failure_reason``).
_FAILURE_FIELD_WORDS = ("error", "err", "fail")
_RENDERS: dict[int, tuple[cst.FunctionDef, str, bool]] = {}  # memo of _renders_failure


def rendered_object(walker, node: cst.BaseExpression, held: Iterable[str]) -> cst.Name | None:
    """``to_markdown(result)``, ``converter.render_query_result(result, project_id)``: a call of a
    project function (any module, or a method of a known class) handed one local of ``held``
    (a helper's result object, ``result = await run_query(sql)``) that renders that object
    whole, its failure included: the body reads the object's failure field (``result.error_message``,
    ``result["error"]``, ``result.get("errors")``) and raises nothing and sets no ``isError``.
    The tool's answer is then the helper's failure as text. Returns the local, else None."""
    node = node.expression if isinstance(node, cst.Await) else node
    if not isinstance(node, cst.Call) or any(arg.star for arg in node.args):
        return None
    names = set(held)
    handed = [(index, arg) for index, arg in enumerate(node.args)
              if isinstance(arg.value, cst.Name) and arg.value.value in names]
    if len(handed) != 1:
        return None
    function = project_callee(walker, node)
    if function is None or not isinstance(function.body, cst.IndentedBlock):
        return None
    index, arg = handed[0]
    parameter = _parameter(function, index, arg.keyword.value if arg.keyword is not None else None)
    return arg.value if parameter is not None and _renders_failure(function, parameter) else None


def _parameter(function: cst.FunctionDef, index: int, keyword: str | None) -> str | None:
    """The parameter a call's argument binds: by keyword, else by position (a method's
    ``self`` / ``cls`` skipped: the call names the object or class before the dot)."""
    params = [*function.params.posonly_params, *function.params.params]
    if params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    if keyword is not None:
        every = {p.name.value for p in (*params, *function.params.kwonly_params)}
        return keyword if keyword in every else None
    return params[index].name.value if index < len(params) else None


def _renders_failure(function: cst.FunctionDef, parameter: str) -> bool:
    """Whether ``function`` reads a failure field of ``parameter`` and neither raises nor sets
    an ``isError`` flag (memoised per function and parameter)."""
    known = _RENDERS.get(id(function))
    if known is not None and known[0] is function and known[1] == parameter:
        return known[2]
    answer = _reads_failure_field(function, parameter)
    if len(_RENDERS) > _MAX_CLASSES:
        _RENDERS.clear()
    _RENDERS[id(function)] = (function, parameter, answer)
    return answer


def _reads_failure_field(function: cst.FunctionDef, parameter: str) -> bool:
    reads = False
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Raise):
            return False
        if isinstance(node, cst.Arg) and node.keyword is not None and node.keyword.value in ("isError", "is_error"):
            return False
        field = _field_read(node, parameter)
        if field is not None and any(word in field.lower() for word in _FAILURE_FIELD_WORDS):
            reads = True
    return reads


def _field_read(node: cst.CSTNode, parameter: str) -> str | None:
    """``p.error_message`` / ``p["error"]`` / ``p.get("error")``: the field read of ``parameter``."""
    if isinstance(node, cst.Attribute) and dotted_name(node.value) == parameter:
        return node.attr.value
    if isinstance(node, cst.Subscript) and dotted_name(node.value) == parameter and len(node.slice) == 1 \
            and isinstance(node.slice[0].slice, cst.Index) and isinstance(node.slice[0].slice.value, cst.SimpleString):
        text = node.slice[0].slice.value.evaluated_value
        return text if isinstance(text, str) else None
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
            and dotted_name(node.func.value) == parameter and node.args \
            and isinstance(node.args[0].value, cst.SimpleString):
        text = node.args[0].value.evaluated_value
        return text if isinstance(text, str) else None
    return None


_RESULT_ANNOTATIONS = {"str": "str", "dict": "dict", "Dict": "dict"}


def rendering_kind(walker, node: cst.BaseExpression | None, held: Iterable[str]) -> str | None:
    """What a :func:`rendered_object` call hands the client: ``str`` or ``dict`` as the converter
    is annotated (``-> str``), or ``str`` when every ``return`` of its body is text (a literal,
    an f-string, or a local first bound to one: ``text = "# Result\\n"; ...; return text``).
    None when the call is no rendering or its result is not known."""
    if node is None or rendered_object(walker, node, held) is None:
        return None
    node = node.expression if isinstance(node, cst.Await) else node
    function = project_callee(walker, node)
    annotation = function.returns.annotation if function.returns is not None else None
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    if annotation is not None:
        return _RESULT_ANNOTATIONS.get(dotted_name(annotation) or "")
    texts = _text_locals(function)
    returns = [n.value for n in walk(function.body, into_nested_scopes=False) if isinstance(n, cst.Return)]
    textual = [v is not None and (_is_text_literal(v) or (isinstance(v, cst.Name) and v.value in texts)) for v in returns]
    return "str" if textual and all(textual) else None


def _is_text_literal(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString))


def _text_locals(function: cst.FunctionDef) -> set[str]:
    """Locals every plain assignment of which (``+=`` aside) binds text."""
    kinds: dict[str, bool] = {}
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    name = target.target.value
                    kinds[name] = kinds.get(name, True) and _is_text_literal(node.value)
    return {name for name, text in kinds.items() if text}
