"""Return sites of a handler: what each ``return`` sends and whether it is on a failure path.

The forward walk of :mod:`mcplint.model.flow` calls in here at each ``if`` (which side of the
test rejects an argument, or finds that the tool's own call failed) and at each ``return``.
A failure path is judged by control flow, never by the wording of the text, except for a failed
lookup keyed by an argument ("not found") and a refusal of an argument's value ("not
supported"). The parts, by shape:

* :mod:`.sites` classifies each ``return`` (:class:`~mcplint.model.facts.ReturnSite`);
* :mod:`.shapes` says what a returned value is and what its text is built from;
* :mod:`.argument_tests` and :mod:`.outcomes` say which side of a test is a failure;
* :mod:`.except_clauses`, :mod:`.kept` and :mod:`.lookups` judge ``except`` clauses, exception
  text kept in a local, and failed lookups; :mod:`.logged` a branch that logs an error and returns;
* :mod:`.wrappers` finds project decorators and fastmcp middleware that swallow every exception of a tool.

Protocol background: MCP specification 2025-11-25, server/tools "Error Handling" (tool errors
belong in a result with ``isError: true``).
"""

from mcplint.model.returns.argument_tests import (
                                                  failure_sides,
                                                  rejects_other_values,
                                                  rejects_unmatched_case,
                                                  selects_name,
                                                  tests_argument_value,
)
from mcplint.model.returns.kept import (
                                                  note_error_entry_append,
                                                  note_kept_append,
                                                  note_kept_exception,
                                                  note_kept_loop,
)
from mcplint.model.returns.logged import logs_error_then_returns
from mcplint.model.returns.outcomes import outcome_failure_sides, unmatched_outcome_failure
from mcplint.model.returns.sites import (
                                                  every_handler,
                                                  forget_checked_results,
                                                  note_failure_local,
                                                  note_helper_result,
                                                  passed_sides,
                                                  record_fall_off,
                                                  record_helper_return,
                                                  record_return,
)
from mcplint.model.returns.ternaries import mark_failure_side
from mcplint.model.returns.wrappers import (
    SwallowingWrapper,
    catches,
    catching_wrappers,
    swallowing_middleware,
    swallowing_wrappers,
)

__all__ = ["every_handler", "failure_sides", "mark_failure_side", "forget_checked_results", "logs_error_then_returns", "note_error_entry_append", "note_failure_local",
           "note_helper_result", "note_kept_append",
           "note_kept_exception", "note_kept_loop", "outcome_failure_sides", "passed_sides", "record_fall_off", "record_helper_return",
           "record_return", "rejects_other_values", "rejects_unmatched_case", "selects_name",
           "SwallowingWrapper", "catches", "catching_wrappers", "swallowing_middleware", "swallowing_wrappers", "tests_argument_value", "unmatched_outcome_failure"]
