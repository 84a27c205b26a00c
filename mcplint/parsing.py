"""libcst's parse without libcst's re-validation of the nodes its own parser built, and
libcst's node classes made cheaper to build and to test with ``isinstance``.

Every libcst node checks its fields when it is constructed (``cst.CSTNode.__post_init__`` calls
``_validate``: whitespace against regular expressions, parentheses balanced, names not
empty...). That is right for nodes a program builds, but the parser only builds nodes of
text it has just accepted, and the checks cost about a fifth of a parse (measured on the
development corpus, ``benchmarks/README.md``); libcst's own source notes the same ("PERF: It
might make more sense to move validation work into the visitor, which would allow us to
avoid validating the tree when parsing a file", libcst 1.x ``_nodes/base.py``).

:func:`parse_module` therefore parses with validation switched off for the calling thread
only: nodes the analysis builds itself (a synthetic ``cst.Integer(str(value))`` may be
invalid, and the model relies on libcst saying so), and nodes other threads of the language
server build meanwhile, are validated as before.

Two more costs of libcst's classes are removed when this module is imported (both keep
every node, field and exception as libcst makes them; ``benchmarks/README.md``, seventh pass):

* **Construction** (:func:`_install_direct_initialisers`): the ``__init__`` that
  ``dataclasses`` generates for a frozen class sets each field through
  ``object.__setattr__`` and then calls ``__post_init__``; a node class gets an ``__init__``
  of the same signature (fields, order, defaults, default factories) that stores each field
  through its slot descriptor and validates as above. The native parser calls these
  classes for every node it builds (about a seventh of a parse).
* **``isinstance``** (:func:`_plain_instance_checks`): libcst's node classes are ABCs, so a
  *failing* ``isinstance`` test against any of them ran ``ABCMeta.__instancecheck__`` (a
  Python function and ABC caches, several times a plain class test; millions per CLI run).
  libcst registers no virtual subclasses and defines no ``__subclasshook__``, so the answer
  is the class hierarchy's either way: their metaclass becomes a subclass of ``ABCMeta``
  whose instance and subclass tests are ``type``'s. Abstract classes stay uninstantiable
  (that is the class's ``__abstractmethods__``, not its metaclass), and a class later
  derived from a node class and ``ABC`` still gets a consistent metaclass.
"""

from __future__ import annotations

import dataclasses
import threading
from abc import ABCMeta

import libcst as cst


class _ParseState(threading.local):
    """Per thread: ``parsing`` is whether the thread is inside :func:`parse_module`."""

    parsing = False


_STATE = _ParseState()
_validate_on_construction = cst.CSTNode.__post_init__


def _post_init(node: cst.CSTNode) -> None:
    """libcst's construction check, except for the nodes of a :func:`parse_module` call."""
    if not _STATE.parsing:
        _validate_on_construction(node)


cst.CSTNode.__post_init__ = _post_init


def parse_module(source: str | bytes, config: cst.PartialParserConfig | None = None) -> cst.Module:
    """``libcst.parse_module(source, config)`` (the same tree, the same exceptions), without
    validating the nodes the parser builds (see the module docstring)."""
    outer = _STATE.parsing
    _STATE.parsing = True
    try:
        return cst.parse_module(source, config) if config is not None else cst.parse_module(source)
    finally:
        _STATE.parsing = outer


# -- cheaper node classes ---------------------------------------------------------------------
def _node_classes() -> list[type]:
    """``cst.CSTNode`` and every class deriving from it, bases before subclasses."""
    found, pending = [], [cst.CSTNode]
    while pending:
        cls = pending.pop(0)
        if cls not in found:
            found.append(cls)
            pending.extend(cls.__subclasses__())
    return found


class _PlainInstanceChecks(ABCMeta):
    """``ABCMeta`` whose ``isinstance`` / ``issubclass`` tests are ``type``'s (see the module
    docstring: libcst's node classes have no virtual subclasses)."""

    __instancecheck__ = type.__instancecheck__
    __subclasscheck__ = type.__subclasscheck__


def _plain_instance_checks(classes: list[type]) -> None:
    for cls in classes:
        if type(cls) is ABCMeta:
            cls.__class__ = _PlainInstanceChecks


_MISSING_FIELD = object()  # an argument not given for a field with a default factory


def _direct_initialiser(cls: type):
    """An ``__init__`` for the dataclass node class ``cls``, equivalent to the generated one
    (see the module docstring); None when a field is not a slot of the class."""
    fields = dataclasses.fields(cls)
    namespace: dict[str, object] = {"_STATE": _STATE, "_check": _validate_on_construction,
                                    "_MISSING_FIELD": _MISSING_FIELD}
    parameters, lines = ["self"], []
    for index, field in enumerate(fields):
        descriptor = getattr(cls, field.name, None)
        if not field.init or field.kw_only or type(descriptor).__name__ != "member_descriptor":
            return None
        namespace[f"_set{index}"] = descriptor.__set__
        value = field.name
        if field.default is not dataclasses.MISSING:
            namespace[f"_default{index}"] = field.default
            parameters.append(f"{field.name}=_default{index}")
        elif field.default_factory is not dataclasses.MISSING:
            namespace[f"_factory{index}"] = field.default_factory
            parameters.append(f"{field.name}=_MISSING_FIELD")
            value = f"_factory{index}() if {field.name} is _MISSING_FIELD else {field.name}"
        else:
            parameters.append(field.name)
        lines.append(f"    _set{index}(self, {value})")
    lines.append("    if not _STATE.parsing:")
    lines.append("        self.__post_init__()")
    source = f"def __init__({', '.join(parameters)}):\n" + "\n".join(lines) + "\n"
    exec(compile(source, f"<mcplint.parsing: {cls.__name__}.__init__>", "exec"), namespace)  # noqa: S102 - our own text
    initialiser = namespace["__init__"]
    initialiser.__qualname__ = f"{cls.__qualname__}.__init__"
    initialiser.__doc__ = cls.__init__.__doc__
    return initialiser


def _install_direct_initialisers(classes: list[type]) -> None:
    for cls in classes:
        if "__init__" in cls.__dict__ and dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen:
            initialiser = _direct_initialiser(cls)
            if initialiser is not None:
                cls.__init__ = initialiser


_NODE_CLASSES = _node_classes()
_install_direct_initialisers(_NODE_CLASSES)
_plain_instance_checks(_NODE_CLASSES)
