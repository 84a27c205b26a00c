"""Fill :class:`~mcplint.gentests.plan.ServerPlan` s from the contract and the model.

The contract (:mod:`mcplint.contract.export`, the same fragments ``mcplint contract``
merges) says what each server publishes; the model behind it says how to reach the server
object (a module attribute or a factory), and what each handler does with an argument
(defaults for ``""``, checks that constrain its value). Nothing is imported or run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

import libcst as cst

from mcplint.config import Settings
from mcplint.gentests.access import server_build
from mcplint.gentests.expectations import undeclared_treatment
from mcplint.gentests.plan import ArgumentPlan, PromptPlan, ServerPlan, ToolPlan
from mcplint.gentests.signature import signature_value
from mcplint.gentests.solve import (
    INVALID_SAMPLE,
    CheckIndex,
    evaluate_or_unknown,
    rejected_by_test,
    rejected_values,
    solve_from_checks,
    solve_from_tests,
)
from mcplint.gentests.values import (
    SAMPLE_TEXT,
    UNSOLVED,
    Solved,
    annotation_value,
    description_example,
    schema_value,
)
from mcplint.model.build import signature_arguments
from mcplint.model.evaluate import Evaluator
from mcplint.model.facts import Declaration, FileModel, HandlerModel, ServerModel, Stack
from mcplint.model.module_info import dotted_name, suite_statements, walk

_EMPTY = cst.Module(body=[])


@dataclass
class _Facts:
    """What the model knows behind one declaration: its server, handler and declaration."""

    server: ServerModel
    handler: HandlerModel
    declaration: Declaration
    evaluator: Evaluator | None
    checks: CheckIndex


@dataclass
class GenerationInput:
    """What :func:`plans_for` found: the plans, files that could not be modelled
    (``problems``), paths that do not exist (``missing``) and servers skipped with why."""

    plans: list[ServerPlan] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def plans_for(paths: Sequence[Path], settings: Settings | None = None) -> GenerationInput:
    """One plan per server found under ``paths`` whose constructing module is among them.

    Never raises for a file it cannot model (listed in ``problems``).
    """
    from mcplint.contract import project_root
    from mcplint.contract.export import file_servers, merge, relative
    from mcplint.discovery import discover_files
    from mcplint.engine import models_of

    settings = settings or Settings()
    root = project_root(settings)
    discovery = discover_files(list(paths), settings)
    found = GenerationInput(missing=discovery.missing_messages())
    fragments, facts, owners, completed, receivers = [], {}, {}, {}, {}
    for _name, model, locate in models_of(discovery.names, settings, found.problems):
        made = file_servers(model, locate, root)
        fragments.extend(made)
        _collect_receivers(model, made, receivers)
        _collect_facts(model, facts)
        _collect_completions(model, locate, root, completed)
        for server in model.servers:
            if server.node is not None:
                file, line = locate(server.node)
                owners[(relative(file, root), line)] = (model, server)
    contracts = merge(iter(fragments))
    plans, followed = [], set()
    for contract in contracts:
        owner = owners.get((contract.file, contract.line))
        if owner is not None:
            items = _known_items(contract, owner[0], receivers, followed)
            plans.append((contract, owner, items))
    for contract in contracts:
        if (contract.file, contract.line) not in owners and not (contract.file is None and contract.variable in followed):
            found.skipped.append(f"server `{contract.variable}`: where it is constructed is not among the paths")
    for contract, owner, items in plans:
        if not items["prompts"] and not items["tools"]:
            found.skipped.append(f"server `{contract.variable}` ({contract.file}): no prompt or tool is known")
            continue
        plan = _plan(contract, owner[0], owner[1], facts, root, items)
        plan.completions = _completion_pairs(plan, completed.get((contract.file, contract.line)))
        found.plans.append(plan)
    return found


def _collect_receivers(model: FileModel, fragments: list, receivers: dict) -> None:
    """Record the servers ``model`` receives as a parameter of a top-level function
    (``def register_tools(mcp, data_dir)``), with the prompts and tools registered on them:
    by (module name, function name), a list of (parameter names, the server's parameter,
    its variable, items by section: None where unknown)."""
    for server, fragment in zip(model.servers, fragments, strict=True):
        if server.node is not None:
            continue
        # a parameter no caller resolved carries a gap at the parameter; one linked to the
        # server its callers pass (made in another module) is found by its name
        params_found = [gap.node for gap in server.gaps] if server.constructor is None \
            else _parameters_named(model.module, server.variable)
        for param in params_found:
            function = _function_of_parameter(model.module, param)
            if function is None:
                continue
            params = function.params
            names = [param.name.value for param in [*params.posonly_params, *params.params, *params.kwonly_params]]
            items = {section: fragment.sections.get(section) for section in ("prompts", "tools")}
            receivers.setdefault((_module_name(model.path), function.name.value), []).append(
                (names, param.name.value, server.variable, items))
            break


def _parameters_named(module: cst.Module, name: str) -> list[cst.Param]:
    """The parameters called ``name`` of the module's top-level functions."""
    found = []
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef):
            params = statement.params
            found.extend(param for param in [*params.posonly_params, *params.params, *params.kwonly_params]
                         if param.name.value == name)
    return found


def _function_of_parameter(module: cst.Module, param: cst.CSTNode) -> cst.FunctionDef | None:
    if not isinstance(param, cst.Param):
        return None
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef):
            params = statement.params
            if any(other is param for other in [*params.posonly_params, *params.params, *params.kwonly_params]):
                return statement
    return None


def _module_name(path: str) -> str:
    """The last part of the dotted name a file is imported by (a package's for ``__init__.py``)."""
    file = Path(path)
    return file.parent.name if file.stem == "__init__" else file.stem


def _known_items(contract, model: FileModel, receivers: dict, followed: set[str]) -> dict[str, list]:
    """The prompts and tools of a server known to a generated test: its sections, or where a
    hand-off to another module's function (``register_tools(mcp)``) made one unknown, the
    items declared in its own module plus those that function registers on the parameter
    the server is passed as. The variables of the servers followed go in ``followed``."""
    items: dict[str, Any] = {}
    for section in ("prompts", "tools"):
        listed = contract.sections.get(section)
        items[section] = list(listed if listed is not None else contract.own.get(section, ()))
    unfollowed = 0
    for call in contract.handed:
        receiving = _received(call, contract.variable, model, receivers)
        unfollowed += not receiving
        for variable, received in receiving:
            followed.add(variable)
            for section, found in received.items():
                if found is None:  # that function registers items mcplint cannot list
                    unfollowed += 1
                    continue
                items[section].extend(item for item in found if all(item.key != other.key for other in items[section]))
    # every section is known when each hand-off was followed and the module knew it before
    items["complete"] = all(contract.sections.get(section) is not None
                            or not unfollowed and section in contract.own for section in ("prompts", "tools"))
    return items


def _received(call: cst.Call, variable: str, model: FileModel, receivers: dict) -> list[tuple[str, dict]]:
    """(parameter variable, items) of the function ``call`` passes the server ``variable`` to,
    when it is a top-level function of a module the calling module imports it from."""
    callee = dotted_name(call.func) or ""
    head, _, rest = callee.partition(".")
    origin = model.info.imports.get(head) if model.info is not None else None
    if not origin:
        return []
    qualified = f"{origin}.{rest}" if rest else origin
    module, _, function = qualified.rpartition(".")
    found = []
    for names, parameter, received_variable, items in receivers.get((module.rpartition(".")[2], function), ()):
        for index, arg in enumerate(call.args):
            if isinstance(arg.value, cst.Name) and arg.value.value == variable and not arg.star and (
                    arg.keyword.value == parameter if arg.keyword is not None
                    else index < len(names) and names[index] == parameter):
                found.append((received_variable, items))
    return found


def _collect_completions(model: FileModel, locate, root: str, completed: dict) -> None:
    """(prompt or None, argument) pairs each server's completion handlers test, by server location;
    an empty set when a handler tests no argument name (it answers for any)."""
    from mcplint.contract.export import relative
    from mcplint.model.completions import name_tests
    from mcplint.model.registrations import registrations

    for handler in registrations(model).completions:
        if handler.server.constructor is None:
            continue
        file, line = locate(handler.server.constructor)
        pairs = completed.setdefault((relative(file, root), line), set())
        for test in name_tests(handler):
            if test.kind == "argument" and test.gate_ref != "resource":
                for prompt in sorted(test.gate_prompts) if test.gate_prompts else [None]:
                    pairs.add((prompt, test.value))


def _completion_pairs(plan: ServerPlan, pairs: set | None) -> list[tuple[str, str]]:
    """The declared (prompt, argument) pairs to send completion requests for."""
    if pairs is None:
        return []
    chosen = []
    for prompt in plan.prompts:
        for argument in prompt.arguments:
            if (prompt.name, argument.name) in pairs or (None, argument.name) in pairs:
                chosen.append((prompt.name, argument.name))
    return chosen


def _collect_facts(model: FileModel, facts: dict[int, _Facts]) -> None:
    evaluator = Evaluator(model.info) if model.info is not None else None
    checks = CheckIndex([model.module, *model.foreign_modules.values()])
    for server in model.servers:
        for handler in server.handlers + server.signature_tools:
            for declaration in handler.declarations or ():
                facts.setdefault(id(declaration.node), _Facts(server, handler, declaration, evaluator, checks))


def _plan(contract, model: FileModel, server: ServerModel, facts: dict[int, _Facts], root: str,
          items: dict[str, list]) -> ServerPlan:
    data = contract.to_json()
    path_entry, module = module_location(contract.file, root)
    build = server_build(model.module, server.node, model.info.classes if model.info is not None else None)
    from mcplint.model.registrations import stack_of

    plan = ServerPlan(file=contract.file, module=module, variable=server.variable, stack=stack_of(model, server),
                      middleware=server.error_middleware, build=build,
                      path_entry=path_entry, contract=data)
    if not build.solved:
        plan.notes.append("mcplint could not solve how to build the server: fill in build_server in the "
                          "author block; the tests skip until then.")
    plan.declares_prompts = bool(items["prompts"])
    for item in items["prompts"]:
        prompt = _prompt_plan(item, facts.get(id(item.node)), server.stack)
        if prompt is None:
            plan.notes.append(f"Prompt '{item.key}' is not covered: its arguments are not known statically.")
        else:
            plan.prompts.append(prompt)
    for item in items["tools"]:
        plan.tools.append(_tool_plan(item, facts.get(id(item.node)), plan.stack))
    if not items["complete"]:
        plan.notes.append("Some prompts or tools of this server are not known statically and have no tests.")
    return plan


def module_location(file: str, root: str) -> tuple[str, str]:
    """``(path entry, module name)`` for a server file relative to ``root``: the entry is the
    folder above its package chain (``__init__.py`` files), as Python puts a script's folder
    on ``sys.path``; both use POSIX separators."""
    parts = Path(file).with_suffix("").parts
    directory = Path(root, *parts[:-1])
    names = [parts[-1]] if parts[-1] != "__init__" else []
    depth = len(parts) - 1
    while depth > 0 and (directory / "__init__.py").is_file() and directory.name.isidentifier():
        names.insert(0, directory.name)
        directory, depth = directory.parent, depth - 1
    entry = "/".join(parts[:depth]) or "."
    if not names:  # a top-level __init__.py: the package is the folder itself
        entry, names = "/".join(parts[:-2]) or ".", [parts[-2]] if len(parts) > 1 else ["__init__"]
    return entry, ".".join(names)


# --- prompts -------------------------------------------------------------------------


def _prompt_plan(item, facts: _Facts | None, stack: Stack) -> PromptPlan | None:
    arguments = item.data.get("arguments")
    if arguments is None:
        return None
    style = facts.declaration.style if facts is not None else "literal"
    plan = PromptPlan(str(item.data.get("name")), undeclared=undeclared_treatment(stack, style))
    for argument in arguments:
        name = str(argument.get("name"))
        plan.arguments.append(ArgumentPlan(
            name, argument.get("required"),
            _prompt_value(name, argument.get("description"), facts, plan.name),
            empty_defaulted=_empty_defaulted(name, facts, plan.name),
            rejected=_rejected(name, facts, plan.name),
        ))
    return plan


def _served(served: frozenset[str] | None, prompt: str) -> bool:
    return served is None or prompt in served


def _prompt_value(name: str, description: str | None, facts: _Facts | None, prompt: str) -> Any:
    if facts is None:
        return UNSOLVED
    handler = facts.handler
    parameter = _parameter(handler.function, name) if handler.style == "signature" else None
    sites = _argument_sites(handler, name, prompt)
    constrained = bool(sites)
    typed = UNSOLVED
    if parameter is not None:
        annotation = _code(parameter.annotation.annotation) if parameter.annotation is not None else None
        default = _code(parameter.default) if parameter.default is not None else None
        typed = annotation_value(annotation, default)
        if not constrained:
            return typed
    if not constrained:
        return Solved(SAMPLE_TEXT, "str")
    solved = solve_from_checks(sites, facts.checks, facts.evaluator)
    if solved is UNSOLVED:
        solved = allowed_value(handler.function, name, facts.evaluator, parameter is not None)
    if solved is not UNSOLVED:
        return solved
    if isinstance(typed, Solved) and typed.source in ("Literal", "default"):
        return typed
    return description_example(description)


def _argument_sites(handler: HandlerModel, name: str, prompt: str) -> list:
    return [site for site in handler.raises
            if site.reason == "argument" and site.key == name and _served(site.served, prompt)]


def _rejected(name: str, facts: _Facts | None, item: str) -> list[str]:
    """The values (``""``, the invalid sample) a check on argument ``name`` of prompt or tool
    ``item`` rejects: from the raises the model attributes to the argument, and from the
    handler's own raising ``if`` tests on that argument alone, also where its own ``except``
    then turns the raise into a success (the model keeps no raise site there)."""
    if facts is None:
        return []
    found = rejected_values(_argument_sites(facts.handler, name, item), facts.checks, facts.evaluator, item)
    for test in _tests_about(facts, name, item):
        found += rejected_by_test(test, facts.evaluator)
    return [value for value in ("", INVALID_SAMPLE) if value in found]


def _tests_about(facts: _Facts, name: str, item: str) -> list[cst.BaseExpression]:
    """The tests of the handler's raising ``if`` s that look at argument ``name`` alone and run
    on every request for ``item`` that gets that far."""
    function = facts.handler.function
    names = _names_of(function, name, facts.handler.style == "signature")
    return [test for raise_node, test in _raising_tests(function)
            if _only_about(test, name, names) and facts.checks.reached_for(raise_node, item, explicit=True)]


def _helper_tests(facts: _Facts, name: str) -> list[cst.BaseExpression]:
    """The raising ``if`` tests on its parameter of each function of the module the handler
    hands argument ``name`` to (``format_datetime(format_type)``): a check mcplint cannot
    read there leaves the value to the author rather than to a sample that may be invalid."""
    info = facts.evaluator.info if facts.evaluator is not None else None
    if info is None:
        return []
    function = facts.handler.function
    names = _names_of(function, name, facts.handler.style == "signature")
    found = []
    for node in walk(function.body):
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name):
            continue
        helper = info.functions.get(node.func.value)
        if not isinstance(helper, cst.FunctionDef) or helper is function:
            continue
        params = [p.name.value for p in [*helper.params.posonly_params, *helper.params.params]]
        for index, arg in enumerate(node.args):
            if arg.star or not isinstance(arg.value, cst.Name) or arg.value.value not in names:
                continue
            parameter = arg.keyword.value if arg.keyword is not None else (
                params[index] if index < len(params) else None)
            if parameter is not None:
                found += [test for _raise, test in _raising_tests(helper) if _only_about(test, parameter, {parameter})]
    return found


def _raising_tests(function: cst.FunctionDef) -> Iterator[tuple[cst.Raise, cst.BaseExpression]]:
    """(raise, test) of each ``if test:`` in ``function`` whose body raises directly."""
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.If):
            for statement in suite_statements(node.body):
                if isinstance(statement, cst.SimpleStatementLine):
                    for small in statement.body:
                        if isinstance(small, cst.Raise):
                            yield small, node.test


def _only_about(test: cst.BaseExpression, key: str, names: set[str]) -> bool:
    """Every operand of ``test`` (``A or B``, ``not A``, ``A not in B``) is about the argument
    ``key``: a test that also looks at another value says nothing about this one alone."""
    if isinstance(test, cst.BooleanOperation):
        return _only_about(test.left, key, names) and _only_about(test.right, key, names)
    if isinstance(test, cst.UnaryOperation):
        return _only_about(test.expression, key, names)
    if isinstance(test, cst.Comparison):
        return _mentions(test.left, key, names) and not any(
            _mentions(target.comparator, key, names) for target in test.comparisons)
    return _mentions(test, key, names)


def _empty_defaulted(name: str, facts: _Facts | None, prompt: str) -> bool:
    if facts is None:
        return False
    return any(use.key == name and not use.missing_key and not use.rejected and not use.uncertain
               and _served(use.served, prompt) for use in facts.handler.defaults) or _table_defaulted(name, facts, prompt)


def _table_defaulted(name: str, facts: _Facts, prompt: str) -> bool:
    """``TABLE.get(x) or "default"`` on every path of the handler, where ``x`` is the argument
    and ``TABLE`` a module dict without an empty key: ``""`` becomes the default."""
    function = facts.handler.function
    names = _names_of(function, name, facts.handler.style == "signature")
    for node in walk(function.body, into_nested_scopes=False):
        if not isinstance(node, cst.BooleanOperation) or not isinstance(node.operator, cst.Or):
            continue
        left = node.left
        if not (isinstance(left, cst.Call) and isinstance(left.func, cst.Attribute) and left.func.attr.value == "get"
                and len(left.args) == 1 and isinstance(left.args[0].value, cst.Name)
                and left.args[0].value.value in names):
            continue
        table = evaluate_or_unknown(left.func.value, facts.evaluator)
        default = evaluate_or_unknown(node.right, facts.evaluator)
        if isinstance(table, dict) and table and "" not in table and isinstance(default, str) and default \
                and facts.checks.reached_for(node, prompt, explicit=False):
            return True
    return False


def _parameter(function: cst.FunctionDef, name: str) -> cst.Param | None:
    params = function.params
    return next((p for p in [*params.params, *params.kwonly_params] if p.name.value == name), None)


def _code(node: cst.CSTNode) -> str:
    return _EMPTY.code_for_node(node)


def allowed_value(function: cst.FunctionDef, key: str, evaluator: Evaluator | None, parameter: bool) -> Any:
    """A value of ``key`` that an allowed-value check in ``function`` accepts, or UNSOLVED.

    Reads ``<value> in/not in <collection>`` and ``<value> == / != "<literal>"`` tests where
    ``<value>`` is built from the argument (its parameter, ``args["key"]``, ``args.get("key")``
    or a local assigned from them, normalised or not); the collection is evaluated
    statically (a literal or a module constant). The first allowed string wins.
    """
    names = _names_of(function, key, parameter)
    for node in walk(function.body):
        if not isinstance(node, cst.Comparison) or len(node.comparisons) != 1:
            continue
        if not _mentions(node.left, key, names):
            continue
        target = node.comparisons[0]
        if isinstance(target.operator, (cst.In, cst.NotIn)):
            value = evaluate_or_unknown(target.comparator, evaluator)
            choices = sorted(value) if isinstance(value, (set, frozenset)) else value
            if isinstance(choices, (list, tuple)) and choices and all(isinstance(c, str) for c in choices):
                return Solved(choices[0], "allowed-value check")
            if isinstance(choices, dict) and choices and all(isinstance(c, str) for c in choices):
                return Solved(next(iter(choices)), "allowed-value check")
        if isinstance(target.operator, (cst.Equal, cst.NotEqual)):
            value = evaluate_or_unknown(target.comparator, evaluator)
            if isinstance(value, str) and value:
                return Solved(value, "allowed-value check")
    return UNSOLVED


def _names_of(function: cst.FunctionDef, key: str, parameter: bool) -> set[str]:
    """Local names holding the argument's value (the parameter, and ``x = <built from it>``)."""
    names = {key} if parameter else set()
    for _ in range(2):  # a value may pass through two assignments (raw, then normalised)
        for node in walk(function.body):
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                if _mentions(node.value, key, names):
                    names.add(node.targets[0].target.value)
    return names


def _mentions(node: cst.BaseExpression, key: str, names: set[str]) -> bool:
    for inner in walk(node):
        if isinstance(inner, cst.Name) and inner.value in names:
            return True
        if isinstance(inner, cst.SimpleString) and _string(inner) == key and _reads_key(node, inner):
            return True
    return False


def _reads_key(node: cst.BaseExpression, literal: cst.SimpleString) -> bool:
    """The literal is the key of a subscript or the first argument of a ``.get`` call."""
    for inner in walk(node):
        if isinstance(inner, cst.Subscript) and any(getattr(e.slice, "value", None) is literal for e in inner.slice):
            return True
        if isinstance(inner, cst.Call) and inner.args and inner.args[0].value is literal:
            name = dotted_name(inner.func) or ""
            if name.endswith(".get"):
                return True
    return False


def _string(node: cst.SimpleString) -> str | None:
    try:
        value = node.evaluated_value
    except Exception:  # noqa: BLE001 - a literal libcst cannot evaluate is not a key
        return None
    return value if isinstance(value, str) else None


# --- tools ---------------------------------------------------------------------------


def _tool_plan(item, facts: _Facts | None, stack: Stack) -> ToolPlan:
    schema = item.data.get("input_schema")
    plan = ToolPlan(str(item.data.get("name")))
    if not isinstance(schema, dict):
        plan.properties = _signature_properties(facts)
    else:
        required = set(schema.get("required") or ())
        definitions = schema.get("$defs") or schema.get("definitions") or {}
        for name, property_schema in (schema.get("properties") or {}).items():
            value = _tool_value(name, schema_value(property_schema, definitions), facts, plan.name)
            rejected = _rejected(name, facts, plan.name) if _string_schema(property_schema) else []
            if stack in _SCHEMA_VALIDATING and INVALID_SAMPLE not in rejected \
                    and _schema_rejects(property_schema, INVALID_SAMPLE):
                rejected.append(INVALID_SAMPLE)
            plan.properties.append(ArgumentPlan(name, name in required, value, rejected=rejected))
    for prop in plan.properties or ():
        if isinstance(prop.value, Solved) and isinstance(prop.value.value, str) and prop.value.value in prop.rejected:
            prop.rejected.remove(prop.value.value)  # the valid value itself is no rejected one
    return plan


#: Stacks that check a tool's arguments against the schema they publish before the function
#: runs (pydantic from the signature: a ``Literal``/``Enum`` or ``Field(pattern=...)``), so a
#: value outside its ``enum``/``pattern`` is an error there whatever the code does.
#: mcp 2.x low-level does not validate (``../shared/FRAMEWORKS.md`` §3); mcp 1.x low-level
#: only from 1.10 and for a listed tool, so only the code's own checks count there.
_SCHEMA_VALIDATING = (Stack.MCP1_FASTMCP, Stack.MCP2_MCPSERVER, Stack.FASTMCP, Stack.FASTMCP2, Stack.FASTMCP3,
                      Stack.FASTMCP4)


def _string_schema(schema: Any) -> bool:
    """A property schema whose values are strings (typed ``string``, or an enum of strings)."""
    if not isinstance(schema, dict):
        return False
    kind = schema.get("type")
    return kind == "string" or kind is None and all(isinstance(v, str) for v in schema.get("enum") or [1])


def _schema_rejects(schema: Any, value: str) -> bool:
    """Whether a string property schema rejects ``value`` by its ``enum``, ``const`` or
    ``pattern`` (JSON Schema: a pattern is searched, not anchored)."""
    if not _string_schema(schema):
        return False
    if isinstance(schema.get("enum"), list) and value not in schema["enum"]:
        return True
    if "const" in schema and schema["const"] != value:
        return True
    pattern = schema.get("pattern")
    if isinstance(pattern, str):
        try:
            return re.search(pattern, value) is None
        except re.error:
            return False
    return False


def _tool_value(name: str, from_schema: Any, facts: _Facts | None, tool: str) -> Any:
    """A valid value of a tool property: the schema's, unless the schema only says "a string"
    and the code checks the value (an allowed set, a pattern: in the handler, also where its
    own except catches the raise, or in a helper of the module it hands the value to), whose
    value wins; UNSOLVED (the author's) when a helper's check cannot be read."""
    if facts is None or isinstance(from_schema, Solved) and from_schema.source != "type string":
        return from_schema
    sites = _argument_sites(facts.handler, name, tool)
    solved = solve_from_checks(sites, facts.checks, facts.evaluator) if sites else UNSOLVED
    if solved is UNSOLVED or solved.source == "str":
        tests = _tests_about(facts, name, tool)
        found = solve_from_tests(tests, facts.evaluator) if tests else UNSOLVED
        solved = found if found is not UNSOLVED and found.source != "str" else solved
    if sites and (solved is UNSOLVED or solved.source == "str"):
        allowed = allowed_value(facts.handler.function, name, facts.evaluator, facts.handler.style == "signature")
        solved = allowed if allowed is not UNSOLVED else solved
    if solved is not UNSOLVED and solved.source != "str":
        return solved
    helper = _helper_tests(facts, name)
    if helper:
        found = solve_from_tests(helper, facts.evaluator)
        return found if found is UNSOLVED or found.source != "str" else from_schema
    return from_schema


def _signature_properties(facts: _Facts | None) -> list[ArgumentPlan] | None:
    """The properties of a function tool whose schema the contract could not render, from its
    signature (FastMCP-family tools: the framework builds the schema from it); None when
    the tool is not such a function."""
    if facts is None or facts.evaluator is None or facts.handler.style != "signature" \
            or facts.handler.kind != "tool":
        return None
    declared, params = signature_arguments(facts.evaluator, facts.handler.function)
    if isinstance(facts.handler.function.params.star_kwarg, cst.Param):
        return None
    tool = facts.declaration.name or ""
    found = []
    for argument in declared:
        value = signature_value(params[argument.name], facts.evaluator) if argument.required else UNSOLVED
        rejected = _rejected(argument.name, facts, tool) if not argument.required or (
            isinstance(value, Solved) and isinstance(value.value, str)) else []
        found.append(ArgumentPlan(argument.name, argument.required, value, rejected=rejected))
    return found
