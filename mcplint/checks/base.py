"""The shape every rule shares.

A rule is one small class: its permanent ``code``, kebab-case ``name``, a one-line
``summary``, whether it is ``preview`` or ``opt_in``, and ``check(model)`` which yields
:class:`~mcplint.checks.base.Finding` values by querying the MCP model (never by walking
raw CST to rediscover prompts). The engine turns findings into diagnostics, applying
positions, suppressions and severities.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Iterator

import libcst as cst

from mcplint.diagnostics import Applicability

if TYPE_CHECKING:
    from mcplint.model import FileModel


@dataclass(frozen=True)
class Related:
    """A second location for a finding: a node of this file, or a span in another file."""

    node: cst.CSTNode
    message: str


@dataclass(frozen=True)
class NodeEdit:
    """One edit of a fix, placed by a node of this file (rules never compute positions).

    ``at``: ``"replace"`` replaces the node's source text with ``content``; ``"before"``
    inserts ``content`` at the node's start; ``"after"`` at its end. The engine turns it into
    a positioned :class:`mcplint.diagnostics.Edit`.
    """

    node: cst.CSTNode
    content: str
    at: str = "replace"


@dataclass(frozen=True)
class ImportEdit:
    """Make ``from module import name`` available; nothing happens when the module already has it.

    The engine inserts the line after the last top-level import (or at the top).
    """

    module: str
    name: str


@dataclass(frozen=True)
class FixPlan:
    """A rule's remedy: a title naming it, its edits, and how safe it is to apply.

    Applicability follows ruff: ``SAFE`` keeps behaviour or only makes it correct,
    ``UNSAFE`` may change behaviour the author relied on, ``DISPLAY_ONLY`` is shown,
    never applied. The rule's doc page explains the choice in "Fix safety".
    """

    title: str
    edits: tuple[NodeEdit | ImportEdit, ...]
    applicability: Applicability = Applicability.SAFE


@dataclass(frozen=True)
class Finding:
    """What a rule reports: the node of the defect site and one sentence saying what is wrong."""

    node: cst.CSTNode
    message: str
    related: tuple[Related, ...] = field(default=())
    fix: FixPlan | None = None
    fault: str | None = None  # what the defect is about (an argument key): see Diagnostic.fault


class Rule:
    """Base class of every rule; subclasses set the class attributes and ``check``."""

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    preview: ClassVar[bool] = False
    opt_in: ClassVar[bool] = False

    def check(self, model: "FileModel") -> Iterator[Finding]:
        """Yield the findings of this rule for one file's model."""
        raise NotImplementedError
