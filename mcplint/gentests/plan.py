"""What a generated test module covers: one :class:`ServerPlan` per server.

A plan is plain data: the renderer (:mod:`mcplint.gentests.render`) turns it into pytest
source, and :mod:`mcplint.gentests.build` fills it from the contract and the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from mcplint.gentests.access import ServerBuild
from mcplint.gentests.values import UNSOLVED, Solved
from mcplint.model.facts import Stack


@dataclass
class ArgumentPlan:
    """A prompt argument or tool property: ``required`` is None when unknown, ``value`` a
    :class:`~mcplint.gentests.values.Solved` value or UNSOLVED (the author fills it in);
    ``empty_defaulted`` marks a required argument whose ``""`` the code replaces with another
    value (``x or "default"``), which gets an empty-value case; ``rejected`` lists values a
    check in the code rejects (``""``, a value outside an allowed set or pattern), each of
    which gets a case asserting a caller error."""

    name: str
    required: bool | None
    value: Any = UNSOLVED
    empty_defaulted: bool = False
    rejected: list[str] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        """True when mcplint solved a valid value."""
        return isinstance(self.value, Solved)


@dataclass
class PromptPlan:
    """One prompt: its arguments and how an undeclared argument name is to be treated
    (``reject``, ``ignore``, ``by-major`` or None: the author decides)."""

    name: str
    arguments: list[ArgumentPlan] = field(default_factory=list)
    undeclared: str | None = None


@dataclass
class ToolPlan:
    """One tool and the properties of its ``inputSchema`` (None when the schema is unknown)."""

    name: str
    properties: list[ArgumentPlan] | None = field(default_factory=list)


@dataclass
class ServerPlan:
    """Everything one generated module needs about one server.

    ``module`` is the import name (``pkg.server``) relative to ``path_entry`` (the folder,
    relative to the project root, that goes on ``sys.path``: ``.`` or ``src``); ``build`` is
    how to get the server object from the module (an attribute, a factory call, an instance's
    attribute; with ``...`` for what the author must fill in). ``contract`` is the server's contract entry the module came from
    (kept for its digest).
    """

    file: str
    module: str
    variable: str
    stack: Stack
    middleware: bool = False
    build: ServerBuild = field(default_factory=lambda: ServerBuild("...", "the server object", reason="not known"))
    path_entry: str = "."
    prompts: list[PromptPlan] = field(default_factory=list)
    tools: list[ToolPlan] = field(default_factory=list)
    contract: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    # (prompt, argument) pairs the server's completion handler answers for.
    completions: list[tuple[str, str]] = field(default_factory=list)
    # The server declares prompts, covered or not (an unknown prompt name can be tested).
    declares_prompts: bool = False


def identifier(text: str) -> str:
    """``text`` as a lower-case Python identifier fragment (``deploy-app`` → ``deploy_app``)."""
    slug = re.sub(r"\W+", "_", text.strip().lower(), flags=re.ASCII).strip("_")
    return slug or "item"


def module_file_name(plan: ServerPlan, several: bool, qualified: bool = False) -> str:
    """The file name of a plan's module: ``test_<module>_contract.py`` (for a package's
    ``__init__``, the package); ``several`` adds the server's variable when one module makes
    more than one server; ``qualified`` uses the whole path of the server's file instead of
    its module name, for modules of the same name in different folders."""
    if qualified:
        base = identifier(plan.file.removesuffix(".py").removesuffix("/__init__"))
    else:
        parts = [part for part in plan.module.split(".") if part != "__init__"]
        base = identifier(parts[-1] if parts else "server")
    if several:
        base = f"{base}_{identifier(plan.variable)}"
    return f"test_{base}_contract.py"
