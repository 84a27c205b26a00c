"""The rule registry: one module per rule, listed here in code order.

``ALL_RULES`` is the single list the engine, the CLI (``mcplint rule``), the docs test and
the language server read.
"""

from __future__ import annotations

from mcplint.checks.base import Finding, Related, Rule
from mcplint.checks.mcp000_syntax_error import SyntaxErrorRule
from mcplint.checks.mcp001_unused_suppression import UnusedSuppression
from mcplint.checks.mcp002_internal_error import InternalError
from mcplint.checks.mcp101_required_argument_default import RequiredArgumentDefault
from mcplint.checks.mcp102_undeclared_argument_read import UndeclaredArgumentRead
from mcplint.checks.mcp103_declared_argument_unused import DeclaredArgumentUnused
from mcplint.checks.mcp201_generic_error_for_invalid_params import GenericErrorForInvalidParams
from mcplint.checks.mcp202_unguarded_argument_access import UnguardedArgumentAccess
from mcplint.checks.mcp301_render_from_raw_arguments import RenderFromRawArguments

ALL_RULES: tuple[Rule, ...] = (
    SyntaxErrorRule(),
    UnusedSuppression(),
    InternalError(),
    RequiredArgumentDefault(),
    UndeclaredArgumentRead(),
    DeclaredArgumentUnused(),
    GenericErrorForInvalidParams(),
    UnguardedArgumentAccess(),
    RenderFromRawArguments(),
)
RULES_BY_CODE = {rule.code: rule for rule in ALL_RULES}
ENGINE_CODES = frozenset({"MCP000", "MCP001", "MCP002"})  # reported by the engine, not by check()

__all__ = ["ALL_RULES", "RULES_BY_CODE", "ENGINE_CODES", "Finding", "Related", "Rule"]
