"""Every registration made on a file's servers: decorators, resource templates, completion
handlers and runtime changes of the prompt list (for MCP403-405, MCP501-502, MCP601).

The handler model (:mod:`mcplint.model.build`) only follows prompts and tools; this module
reads the rest of a server's surface from the same :class:`ModuleInfo`, statement by
statement. It also says whether the file's list of prompts is *complete*: a prompt added in
a loop, through a call mcplint cannot resolve, or from another module of the project makes
the list unknown, and rules that compare against it stay silent.

Registration forms (``../shared/FRAMEWORKS.md`` §1-7, checked against mcp 1.29.0
``src/mcp/server/fastmcp/server.py``, mcp 2.0.0 ``src/mcp/server/mcpserver/server.py``,
fastmcp 2.14.5 / 3.0.0rc2 ``src/fastmcp/server/server.py``):

* ``@server.completion()`` (mcp 1.x low-level), ``Server(on_completion=f)`` /
  ``add_request_handler("completion/complete", ..., f)`` (mcp 2.x low-level),
  ``@mcp.completion()`` (FastMCP, MCPServer, fastmcp 4 also bare), and
  ``@mcp._mcp_server.completion()`` (fastmcp 2/3, the wrapped low-level server);
* ``@mcp.resource("scheme://{var}")`` (FastMCP family);
* ``mcp.add_prompt(...)`` / ``mcp.remove_prompt(...)`` and mutations of a module-level
  prompt list that a low-level ``list_prompts`` handler returns.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import libcst as cst

from mcplint.model.evaluate import UNKNOWN, Evaluator
from mcplint.model.facts import FileModel, ServerModel, Stack
from mcplint.model.module_info import ModuleInfo, build_module_info, dotted_name, walk
from mcplint.regular_files import read_regular

# Decorators of the mcp 1.x low-level Server; each takes no positional argument, so a bare
# use passes the function as one and fails at import (mcp 1.29.0 lowlevel/server.py).
LOWLEVEL_DECORATORS = frozenset({
    "list_prompts", "get_prompt", "list_tools", "call_tool", "list_resources", "list_resource_templates",
    "read_resource", "completion", "subscribe_resource", "unsubscribe_resource", "progress_notification",
    "set_logging_level",
})
_FUNCTION_DECORATORS = frozenset({"prompt", "tool", "resource", "completion"})
_MUTATING_METHODS = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault",
                               "popitem", "__setitem__", "__delitem__"})


@dataclass
class DecoratorUse:
    """``@<server>.<method>`` or ``@<server>.<method>(...)`` on ``function``.

    ``via_lowlevel`` is true for ``@mcp._mcp_server.<method>()`` (fastmcp's wrapped server).
    """

    server: ServerModel
    method: str
    decorator: cst.Decorator
    function: cst.FunctionDef
    call: cst.Call | None
    via_lowlevel: bool = False

    @property
    def wrapped(self) -> bool:
        """True when another decorator sits between this one and ``def``: the framework then
        sees that decorator's result, whose signature mcplint cannot know."""
        decorators = list(self.function.decorators)
        return decorators.index(self.decorator) < len(decorators) - 1


@dataclass
class CompletionHandler:
    """A completion handler and how it names the reference and the argument.

    ``ref`` / ``argument`` are the dotted expressions (``ref``, ``params.ref``) that hold the
    ``PromptReference | ResourceTemplateReference`` and the ``CompletionArgument``.
    ``capped`` is true where the framework truncates ``values`` to 100 (fastmcp 4
    ``@mcp.completion``, FRAMEWORKS.md §7).
    """

    server: ServerModel
    function: cst.FunctionDef
    ref: str | None
    argument: str | None
    capped: bool = False


@dataclass
class ResourceTemplate:
    """``@<server>.resource(uri)`` on ``function``; ``uri`` is the evaluated string or UNKNOWN."""

    server: ServerModel
    function: cst.FunctionDef
    uri_node: cst.BaseExpression
    uri: object


@dataclass
class PromptMutation:
    """A change of a server's prompt list inside ``function`` (a handler or its helper).

    ``what`` is ``add_prompt``/``remove_prompt`` or ``PROMPTS.append``-style text.
    """

    server: ServerModel
    node: cst.CSTNode
    function: cst.FunctionDef
    what: str


@dataclass
class Registrations:
    """All registrations of one file; see the module docstring."""

    decorators: list[DecoratorUse] = field(default_factory=list)
    completions: list[CompletionHandler] = field(default_factory=list)
    templates: list[ResourceTemplate] = field(default_factory=list)
    mutations: list[PromptMutation] = field(default_factory=list)
    # Server variables whose prompt list cannot be known (dynamic or foreign registration).
    open_prompt_lists: set[str] = field(default_factory=set)
    # Server variables whose resource templates cannot be known.
    open_templates: set[str] = field(default_factory=set)
    # Low-level servers whose registration style fixes the major version the model left open.
    lowlevel_major: dict[str, int] = field(default_factory=dict)


def stack_of(model: FileModel, server: ServerModel) -> Stack:
    """The server's stack, with a low-level server's major version fixed by any registration.

    The model decides the low-level major from prompt/tool registrations only; a server that
    registers just ``@server.completion()`` (decorators exist only in mcp 1.x) or
    ``Server(on_completion=...)`` (mcp 2.x keywords) is fixed here.
    """
    if server.stack is not Stack.LOWLEVEL:
        return server.stack
    major = registrations(model).lowlevel_major.get(server.variable)
    return {1: Stack.MCP1_LOWLEVEL, 2: Stack.MCP2_LOWLEVEL}.get(major, Stack.LOWLEVEL)


def registrations(model: FileModel) -> Registrations:
    """The file's :class:`Registrations`, built once per model and cached on it."""
    cached = getattr(model, "_mcplint_registrations", None)
    if cached is None:
        cached = _build(model)
        model._mcplint_registrations = cached  # type: ignore[attr-defined]
    return cached


def module_info(model: FileModel) -> ModuleInfo:
    """The model's :class:`ModuleInfo` (built by the model when present)."""
    info = getattr(model, "info", None)
    return info if isinstance(info, ModuleInfo) else build_module_info(model.module)


# -- building -------------------------------------------------------------------------------
def _build(model: FileModel) -> Registrations:
    result = Registrations()
    if not model.servers:
        return result
    info = module_info(model)
    evaluator = Evaluator(info)
    servers = {server.variable: server for server in model.servers}
    handlers: list[cst.FunctionDef] = []
    for server, site in model.decorator_uses:  # resolved by the model, in every scope
        use = DecoratorUse(server, site.method, site.decorator, site.function, site.call, site.via_lowlevel)
        result.decorators.append(use)
        handlers.append(use.function)
        if use.server.stack.is_lowlevel and not use.via_lowlevel:
            result.lowlevel_major.setdefault(use.server.variable, 1)
        _record_decorator(result, evaluator, use)
    for server in model.servers:
        _record_constructor(result, info, server, handlers)
    _record_calls(result, model, info, evaluator, servers, handlers)
    if result.completions:  # the only consumer of the prompt and template lists
        _check_foreign_registrations(result, model)
    return result


def _record_decorator(result: Registrations, evaluator: Evaluator, use: DecoratorUse) -> None:
    server, function = use.server, use.function
    if use.method == "completion":
        params = _positional_names(function)
        capped = server.stack is Stack.FASTMCP4 and not use.via_lowlevel
        result.completions.append(CompletionHandler(server, function, params[0] if params else None,
                                                    params[1] if len(params) > 1 else None, capped))
    elif use.method == "resource" and not server.stack.is_lowlevel:
        if use.call is None or not use.call.args or use.wrapped:
            return
        first = use.call.args[0]
        uri_node = first.value if first.keyword is None or first.keyword.value == "uri" else None
        if uri_node is None:
            result.open_templates.add(server.variable)
            return
        uri = evaluator.eval(uri_node)
        if not isinstance(uri, str):
            result.open_templates.add(server.variable)
        result.templates.append(ResourceTemplate(server, function, uri_node, uri if isinstance(uri, str) else UNKNOWN))
    elif use.method == "list_resource_templates":
        result.open_templates.add(server.variable)


def _record_constructor(result: Registrations, info: ModuleInfo, server: ServerModel, handlers: list) -> None:
    """mcp 2.x ``Server(on_completion=f, on_call_tool=g, ...)``: ``(ctx, params)`` handlers."""
    if not isinstance(server.node, cst.Call):
        return
    for arg in server.node.args:
        keyword = arg.keyword.value if arg.keyword is not None else ""
        if not keyword.startswith("on_"):
            continue
        function = info.functions.get(dotted_name(arg.value) or "")
        if function is None:
            if keyword in ("on_list_resource_templates",):
                result.open_templates.add(server.variable)
            continue
        handlers.append(function)
        result.lowlevel_major.setdefault(server.variable, 2)
        if keyword == "on_completion":
            result.completions.append(_v2_completion(server, function))
        elif keyword == "on_list_resource_templates":
            result.open_templates.add(server.variable)


def _v2_completion(server: ServerModel, function: cst.FunctionDef) -> CompletionHandler:
    params = _positional_names(function)
    holder = params[1] if len(params) > 1 else None
    return CompletionHandler(server, function, f"{holder}.ref" if holder else None,
                             f"{holder}.argument" if holder else None)


def _record_calls(result: Registrations, model: FileModel, info: ModuleInfo, evaluator: Evaluator,
                  servers: dict[str, ServerModel], handlers: list[cst.FunctionDef]) -> None:
    """``add_prompt``/``remove_prompt``/``add_request_handler`` calls and prompt-list mutations."""
    runtime = _runtime_functions(info, handlers)
    prompt_lists = _module_prompt_lists(model, info)
    for function, scope in _functions_with_calls(model.module):
        for call, looped in _calls(scope):
            owner = dotted_name(call.func.value) if isinstance(call.func, cst.Attribute) else None
            method = call.func.attr.value if isinstance(call.func, cst.Attribute) else None
            server = servers.get(owner or "")
            for passed in _servers_passed(call, servers):
                result.open_prompt_lists.add(passed)  # register_prompts(mcp): another function adds to it
                result.open_templates.add(passed)
            if server is not None and method == "add_request_handler" and len(call.args) >= 2:
                _record_request_handler(result, info, evaluator, server, call, handlers)
            if server is not None and method in ("add_prompt", "remove_prompt"):
                if function is not None and function in runtime:
                    result.mutations.append(PromptMutation(server, call, function, f"{owner}.{method}()"))
                if method == "add_prompt" and (looped or function is not None or not _resolved(model, info, server, call)):
                    result.open_prompt_lists.add(server.variable)
            if server is not None and method == "resource":
                result.open_templates.add(server.variable)  # mcp.resource(uri)(fn): not followed
            if server is not None and method in ("mount", "import_server", "add_provider", "add_template",
                                                 "add_resource_template"):
                result.open_prompt_lists.add(server.variable)  # components of another server or provider
                result.open_templates.add(server.variable)
            if server is not None and method == "prompt":
                result.open_prompt_lists.add(server.variable)  # mcp.prompt()(fn): not followed
            if owner in prompt_lists and method in _MUTATING_METHODS and function is not None and function in runtime:
                result.mutations.append(PromptMutation(prompt_lists[owner], call, function, f"{owner}.{method}()"))
        if prompt_lists and function is not None and function in runtime:
            for node, name in _subscript_mutations(function, prompt_lists):
                result.mutations.append(PromptMutation(prompt_lists[name], node, function, f"{name}[...] assignment"))


def _servers_passed(call: cst.Call, servers: dict[str, ServerModel]) -> Iterator[str]:
    """Server variables handed to a call as an argument."""
    for arg in call.args:
        name = dotted_name(arg.value)
        if name in servers:
            yield name


def _resolved(model: FileModel, info: ModuleInfo, server: ServerModel, call: cst.Call) -> bool:
    """Whether the model turned this module-level ``add_prompt(...)`` into a declaration."""
    value = call.args[0].value if call.args else None
    if isinstance(value, cst.Name) and value.value in info.constants:
        value = info.constants[value.value]
    for handler in server.handlers:
        for declaration in handler.declarations or ():
            if value is not None and any(node is declaration.node for node in walk(value, into_nested_scopes=False)):
                return True
    return False


def prompt_arguments(model: FileModel, server: ServerModel) -> dict[str, set[str]] | None:
    """Every prompt ``server`` lists, with its argument names; None when the list is unknown.

    Unknown when a prompt is registered dynamically or in another module, when the low-level
    ``list_prompts`` result cannot be evaluated, or when any argument list is unknown.
    """
    if server.variable in registrations(model).open_prompt_lists:
        return None
    prompts: dict[str, set[str]] = {}
    handlers = [h for h in server.handlers if h.kind == "prompt"]
    if server.stack.is_lowlevel and not handlers:
        return None
    for handler in handlers:
        if handler.declarations is None:
            return None
        for declaration in handler.declarations:
            if declaration.name is None or declaration.arguments is None:
                return None
            prompts.setdefault(declaration.name, set()).update(a.name for a in declaration.arguments)
    return prompts


def _record_request_handler(result, info, evaluator, server, call, handlers) -> None:
    method_name = evaluator.eval(call.args[0].value)
    function = info.functions.get(dotted_name(call.args[-1].value) or "")
    if function is None:
        return
    handlers.append(function)
    if method_name == "completion/complete":
        result.completions.append(_v2_completion(server, function))
    elif method_name == "resources/templates/list":
        result.open_templates.add(server.variable)


def _check_foreign_registrations(result: Registrations, model: FileModel) -> None:
    """Other project modules that import a server from this file and add prompts to it.

    Reads sibling modules as text (never imports them): a file that imports this module and
    calls ``<var>.prompt``/``<var>.add_prompt`` makes that server's prompt list unknown. The
    folders searched and the modules read become dependencies of the result (cache keys).
    """
    path = Path(model.path)
    if not path.is_file():
        return
    stem = re.escape(path.stem)
    for other in _sibling_modules(path, model.dependencies):
        text = _module_text(other)
        if text is None:
            continue
        if not re.search(rf"(from\s+[\w.]*\b{stem}\b\s+import|import\s+[\w.]*\b{stem}\b)", text):
            continue
        for server in model.servers:
            name = re.escape(server.variable.rsplit(".", 1)[-1])
            if re.search(rf"\b{name}\.(prompt|add_prompt|resource)\b", text):
                result.open_prompt_lists.add(server.variable)
                result.open_templates.add(server.variable)


_TEXTS: dict[Path, tuple[int, int, str]] = {}


def _module_text(path: Path) -> str | None:
    """A project module's text, re-read only when its size or mtime changed (the language
    server lints the same project many times)."""
    try:
        stat = path.stat()
        cached = _TEXTS.get(path)
        if cached is not None and cached[:2] == (stat.st_mtime_ns, stat.st_size):
            return cached[2]
        text = read_regular(path).decode("utf-8", errors="replace")  # never wait on a FIFO
    except OSError:
        return None
    if len(_TEXTS) > 2000:
        _TEXTS.clear()
    _TEXTS[path] = (stat.st_mtime_ns, stat.st_size, text)
    return text


def _sibling_modules(path: Path, searched: list[str], limit: int = 300) -> Iterator[Path]:
    """The ``.py`` files of ``path``'s top package (or folder), ``path`` aside; each folder
    walked and each file given is added to ``searched``."""
    path = path.absolute()  # a relative path's parent chain ends in "." forever
    root = path.parent
    while (root / "__init__.py").is_file() and (root.parent / "__init__.py").is_file():
        root = root.parent
    count = 0
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f not in ("node_modules", "venv", ".venv"))
        searched.append(folder)  # a module appearing in it changes its listing
        for name in sorted(files):
            other = Path(folder) / name
            if not name.endswith(".py") or other == path:
                continue
            count += 1
            if count > limit:
                return
            searched.append(str(other))
            yield other


# -- runtime functions and prompt lists -------------------------------------------------------
def _runtime_functions(info: ModuleInfo, handlers: list[cst.FunctionDef]) -> set[cst.FunctionDef]:
    """Registered handlers and the module-local helpers they call (transitively).

    Only these run while a client is connected; code run at import or startup (before
    ``run()``) needs no list_changed notification.
    """
    seen: set[cst.FunctionDef] = set()
    stack = list(handlers)
    while stack:
        function = stack.pop()
        if function in seen:
            continue
        seen.add(function)
        for call, _ in _calls(function):
            callee = info.functions.get(dotted_name(call.func) or "")
            if callee is not None and callee not in seen:
                stack.append(callee)
    return seen


def _module_prompt_lists(model: FileModel, info: ModuleInfo) -> dict[str, ServerModel]:
    """Module-level names a low-level ``list_prompts`` handler returns from (``PROMPTS``)."""
    found: dict[str, ServerModel] = {}
    for server, handler in model.handlers():
        if handler.kind != "prompt" or not server.stack.is_lowlevel:
            continue
        lister = _lister_of(model, server)
        if lister is None:
            continue
        for node in walk(lister.body, into_nested_scopes=False):
            if isinstance(node, cst.Return) and node.value is not None:
                for name in _names(node.value):
                    if name in info.constants and isinstance(info.constants[name], (cst.List, cst.Dict)):
                        found[name] = server
    return found


def _lister_of(model: FileModel, server: ServerModel) -> cst.FunctionDef | None:
    info = module_info(model)
    if isinstance(server.node, cst.Call):
        for arg in server.node.args:
            if arg.keyword is not None and arg.keyword.value == "on_list_prompts":
                return info.functions.get(dotted_name(arg.value) or "")
    for function in _functions(model.module.body):
        for decorator in function.decorators:
            expr = decorator.decorator
            target = expr.func if isinstance(expr, cst.Call) else expr
            if isinstance(target, cst.Attribute) and target.attr.value == "list_prompts" \
                    and dotted_name(target.value) == server.variable:
                return function
    return None


def _subscript_mutations(function: cst.FunctionDef, lists: dict[str, ServerModel]) -> Iterator[tuple[cst.CSTNode, str]]:
    """``PROMPTS[k] = ...`` / ``del PROMPTS[k]`` statements in the function (not nested ones)."""
    for statement in _walk_statements(function.body.body if isinstance(function.body, cst.IndentedBlock) else []):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            targets: list[cst.BaseExpression] = []
            if isinstance(small, cst.Assign):
                targets = [t.target for t in small.targets]
            elif isinstance(small, cst.Del):
                targets = [small.target]
            for target in targets:
                if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and target.value.value in lists:
                    yield small, target.value.value


# -- small walkers ----------------------------------------------------------------------------
def all_functions(module: cst.Module) -> Iterator[cst.FunctionDef]:
    """Every function definition of the module at any depth (methods included)."""
    return _functions(module.body)


def _functions(body) -> Iterator[cst.FunctionDef]:
    """Every function definition at any depth (methods included)."""
    for node in _walk_statements(body):
        if isinstance(node, cst.FunctionDef):
            yield node


def _walk_statements(body) -> Iterator[cst.CSTNode]:
    for statement in body:
        yield statement
        for child in _child_blocks(statement):
            yield from _walk_statements(child)


def _child_blocks(statement) -> Iterator[list]:
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef, cst.If, cst.For, cst.While, cst.With, cst.Try)):
        body = statement.body
        if isinstance(body, cst.IndentedBlock):
            yield list(body.body)
    orelse = getattr(statement, "orelse", None)
    while orelse is not None:
        inner = getattr(orelse, "body", None)
        if isinstance(inner, cst.IndentedBlock):
            yield list(inner.body)
        orelse = orelse.orelse if isinstance(orelse, cst.If) else None
    for handler in getattr(statement, "handlers", ()):
        if isinstance(handler.body, cst.IndentedBlock):
            yield list(handler.body.body)
    final = getattr(statement, "finalbody", None)
    if final is not None and isinstance(final.body, cst.IndentedBlock):
        yield list(final.body.body)


def _functions_with_calls(module: cst.Module) -> Iterator[tuple[cst.FunctionDef | None, cst.CSTNode]]:
    """Each function of the module with its scope, and ``(None, module)`` for module-level code."""
    yield None, module
    for function in _functions(module.body):
        yield function, function


def _calls(scope: cst.CSTNode) -> list[tuple[cst.Call, bool]]:
    """Statement-level calls in ``scope`` (a function or the module), not in nested definitions.

    A targeted walk over statements (a generic pass over every node costs about a parse,
    ``../shared/PERFORMANCE.md``): the call an expression statement, an assignment or a
    ``return`` makes (``mcp.add_prompt(...)``, ``await helper(x)``, ``y = helper()``), plus
    calls among its arguments. The flag says whether the statement sits inside a loop.
    Memoised per scope.
    """
    cached = _CALLS.get(id(scope))
    if cached is not None and cached[0] is scope:
        return cached[1]
    body = scope.body if isinstance(scope, cst.FunctionDef) else scope
    statements = body.body if isinstance(body, (cst.IndentedBlock, cst.Module)) else []
    found: list[tuple[cst.Call, bool]] = []
    _statement_calls(statements, False, found)
    if len(_CALLS) > 5000:
        _CALLS.clear()
    _CALLS[id(scope)] = (scope, found)
    return found


_CALLS: dict[int, tuple[cst.CSTNode, list]] = {}


def _statement_calls(statements, looped: bool, found: list) -> None:
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                value = getattr(small, "value", None)
                if isinstance(value, cst.Await):
                    value = value.expression
                if isinstance(value, (cst.ListComp, cst.GeneratorExp, cst.SetComp)) and isinstance(value.elt, cst.Call):
                    found.append((value.elt, True))  # [mcp.add_prompt(p) for p in prompts]
                if isinstance(value, cst.Call):
                    found.append((value, looped))
                    found.extend((a.value, looped) for a in value.args if isinstance(a.value, cst.Call))
        elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            continue
        else:
            inner = looped or isinstance(statement, (cst.For, cst.While))
            for block in _child_blocks(statement):
                _statement_calls(block, inner, found)




def _names(node: cst.CSTNode) -> Iterator[str]:
    for current in walk(node, into_nested_scopes=False):
        if isinstance(current, cst.Name):
            yield current.value


def _positional_names(function: cst.FunctionDef) -> list[str]:
    params = list(function.params.posonly_params) + list(function.params.params)
    names = [p.name.value for p in params]
    return names[1:] if names and names[0] in ("self", "cls") else names

