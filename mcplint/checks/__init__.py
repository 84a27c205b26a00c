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
from mcplint.checks.mcp104_unknown_name_accepted import UnknownNameAccepted
from mcplint.checks.mcp105_declared_prompt_unhandled import DeclaredPromptUnhandled
from mcplint.checks.mcp106_duplicate_declaration import DuplicateDeclaration
from mcplint.checks.mcp201_generic_error_for_invalid_params import GenericErrorForInvalidParams
from mcplint.checks.mcp202_unguarded_argument_access import UnguardedArgumentAccess
from mcplint.checks.mcp203_wrong_error_code import WrongErrorCode
from mcplint.checks.mcp204_error_returned_as_result import ErrorReturnedAsResult
from mcplint.checks.mcp205_error_api_version_mismatch import ErrorApiVersionMismatch
from mcplint.checks.mcp206_invalid_params_rewrapped import InvalidParamsRewrapped
from mcplint.checks.mcp207_tool_argument_error_as_protocol_error import ToolArgumentErrorAsProtocolError
from mcplint.checks.mcp208_raise_exceptions_enabled import RaiseExceptionsEnabled
from mcplint.checks.mcp301_render_from_raw_arguments import RenderFromRawArguments
from mcplint.checks.mcp302_unvalidated_argument_selects_resource import UnvalidatedArgumentSelectsResource
from mcplint.checks.mcp303_string_argument_truthiness import StringArgumentTruthiness
from mcplint.checks.mcp304_empty_string_passes_required_check import EmptyStringPassesRequiredCheck
from mcplint.checks.mcp305_non_string_prompt_parameter import NonStringPromptParameter
from mcplint.checks.mcp401_argument_required_unspecified import ArgumentRequiredUnspecified
from mcplint.checks.mcp402_argument_description_missing import ArgumentDescriptionMissing
from mcplint.checks.mcp403_unsupported_prompt_signature import UnsupportedPromptSignature
from mcplint.checks.mcp404_prompt_decorator_not_called import PromptDecoratorNotCalled
from mcplint.checks.mcp405_resource_template_mismatch import ResourceTemplateMismatch
from mcplint.checks.mcp501_completion_for_undeclared_argument import CompletionForUndeclaredArgument
from mcplint.checks.mcp502_completion_values_unbounded import CompletionValuesUnbounded
from mcplint.checks.mcp601_prompt_list_changed_not_notified import PromptListChangedNotNotified
from mcplint.checks.mcp701_contract_item_removed import ContractItemRemoved
from mcplint.checks.mcp702_contract_argument_removed import ContractArgumentRemoved
from mcplint.checks.mcp703_contract_argument_now_required import ContractArgumentNowRequired
from mcplint.checks.mcp704_contract_schema_narrowed import ContractSchemaNarrowed

ALL_RULES: tuple[Rule, ...] = (
    SyntaxErrorRule(),
    UnusedSuppression(),
    InternalError(),
    RequiredArgumentDefault(),
    UndeclaredArgumentRead(),
    DeclaredArgumentUnused(),
    UnknownNameAccepted(),
    DeclaredPromptUnhandled(),
    DuplicateDeclaration(),
    GenericErrorForInvalidParams(),
    UnguardedArgumentAccess(),
    WrongErrorCode(),
    ErrorReturnedAsResult(),
    ErrorApiVersionMismatch(),
    InvalidParamsRewrapped(),
    ToolArgumentErrorAsProtocolError(),
    RaiseExceptionsEnabled(),
    RenderFromRawArguments(),
    UnvalidatedArgumentSelectsResource(),
    StringArgumentTruthiness(),
    EmptyStringPassesRequiredCheck(),
    NonStringPromptParameter(),
    ArgumentRequiredUnspecified(),
    ArgumentDescriptionMissing(),
    UnsupportedPromptSignature(),
    PromptDecoratorNotCalled(),
    ResourceTemplateMismatch(),
    CompletionForUndeclaredArgument(),
    CompletionValuesUnbounded(),
    PromptListChangedNotNotified(),
    ContractItemRemoved(),
    ContractArgumentRemoved(),
    ContractArgumentNowRequired(),
    ContractSchemaNarrowed(),
)
RULES_BY_CODE = {rule.code: rule for rule in ALL_RULES}
ENGINE_CODES = frozenset({"MCP000", "MCP001", "MCP002"})  # reported by the engine, not by check()

__all__ = ["ALL_RULES", "RULES_BY_CODE", "ENGINE_CODES", "Finding", "Related", "Rule"]
