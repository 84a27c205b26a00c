"""What each server publishes, read from the MCP model (never by importing the code).

The export is built from the same :class:`~mcplint.model.FileModel` the rules and
``--show-coverage`` read: each file's model gives *fragments* (a server and the items that
file declares on it), merged per server by where the server is constructed, as the
coverage report merges them. Every value is what the server's framework would send:

* prompts: ``prompts/list`` entries. A literal ``types.Prompt``/``PromptArgument`` (and an
  explicit ``Prompt(..., arguments=[...])``) is published as written; ``required`` left out
  is omitted on the wire, so ``false`` (mcp 1.x ``mcp/types.py`` ``PromptArgument.required:
  bool | None = None``). A decorated function's arguments are its parameters as
  ``Prompt.from_function`` derives them (python-sdk v2.0.0
  ``src/mcp/server/mcpserver/prompts/base.py``; fastmcp v3.0.0rc2
  ``src/fastmcp/prompts/function_prompt.py``): required exactly when there is no default,
  the description from ``Field(description=...)``; fastmcp 2/3 append "Provide as a JSON
  string matching the following schema: ..." for a parameter not annotated ``str``.
* descriptions from docstrings: the SDK's FastMCP/MCPServer send ``description or
  fn.__doc__ or ""`` (raw, so only a one-line docstring is known independently of the
  Python version, which dedents since 3.13); fastmcp sends ``inspect.getdoc(fn)``.
* tools: ``input_schema`` as :mod:`mcplint.contract.schema` renders it.

Anything that cannot be known is ``None`` in the data, and the server records why in
``reasons`` (``complete`` is false then).
"""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import libcst as cst

from mcplint.contract import schema as schemas
from mcplint.contract.diff import completion_key
from mcplint.model import FileModel, ServerModel, Stack
from mcplint.model.evaluate import UNKNOWN, Evaluator, ModelSchema, ObjectValue
from mcplint.model.completions import advertised_values
from mcplint.model.module_info import contains, dotted_name, literal_value, walk
from mcplint.model.registrations import registrations

Locate = Callable[[cst.CSTNode], "tuple[str, int]"]
SECTIONS = ("prompts", "tools", "resources", "resource_templates", "completions")
#: Sections written even when empty (``completions`` only when the server has a handler).
LISTED = SECTIONS[:4]
_SDK_FASTMCP = (Stack.MCP1_FASTMCP, Stack.MCP2_MCPSERVER)
#: What fastmcp appends to a non-``str`` prompt parameter's description, around the compact
#: schema (fastmcp v3.0.0rc2 ``src/fastmcp/prompts/function_prompt.py``; the 4.x wording as
#: fastmcp 4.2.3 lists it at runtime, ``tests/test_contract_sdk.py``).
_PROMPT_NOTE = {
    Stack.FASTMCP2: ("Provide as a JSON string matching the following schema: ", ""),
    Stack.FASTMCP3: ("Provide as a JSON string matching the following schema: ", ""),
    Stack.FASTMCP4: ("Provide a value matching the following JSON schema: ", ". Encode non-string values as JSON."),
}


@dataclass
class Item:
    """One published prompt, tool, resource or template: its wire ``data``, the ``node`` that
    declares it, the ``file`` (relative to the project root) and the nodes that declare its
    arguments or tool properties (``parts``, by name)."""

    data: dict[str, Any]
    node: cst.CSTNode | None
    file: str
    parts: dict[str, cst.CSTNode] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """The name clients call it by (a resource's URI, a template's URI template; for a
        completion, its reference kind, name and argument)."""
        if "argument" in self.data:
            return completion_key(self.data)
        return str(self.data.get("name") if "uri" not in self.data and "uri_template" not in self.data
                   else self.data.get("uri", self.data.get("uri_template")))


@dataclass
class ServerContract:
    """A server as the export shows it, with the nodes behind its items.

    ``identity`` is where it is constructed (``file``, ``line``); a section is None when the
    model could not list it. ``constructor`` is the constructor node when known.
    """

    file: str | None
    line: int | None
    name: str | None
    stack: str
    variable: str
    constructor: cst.CSTNode | None = None
    owner: bool = False  # built from the module that constructs the server
    name_reason: str | None = None
    sections: dict[str, list[Item] | None] = field(default_factory=lambda: {name: [] for name in SECTIONS})
    reasons: list[str] = field(default_factory=list)
    # A server handed to a function of another module (``register_tools(mcp)``): the calls
    # (``handed``), and the items declared here in the sections that hand-off made unknown
    # (``own``), which a generated test can still exercise.
    handed: list[cst.Call] = field(default_factory=list)
    own: dict[str, list[Item]] = field(default_factory=dict)

    @property
    def identity(self) -> tuple[str | None, str | None]:
        """How a server is matched with its baseline: its constructing file and its name."""
        return self.file, self.name

    def items(self, section: str) -> list[Item]:
        """The items of a section (empty when unknown)."""
        return self.sections.get(section) or []

    def to_json(self) -> dict[str, Any]:
        """The export's JSON object for this server (items sorted by name)."""
        data: dict[str, Any] = {"file": self.file, "line": self.line, "name": self.name, "stack": self.stack}
        for section in SECTIONS:
            items = self.sections[section]
            if section not in LISTED and items == []:
                continue
            data[section] = None if items is None else [
                dict(item.data, file=item.file) for item in sorted(items, key=lambda item: (item.key, item.file))]
        reasons = self.reasons + ([self.name_reason] if self.name_reason else [])
        data["complete"] = not reasons
        data["reasons"] = sorted(set(reasons))
        return data


def relative(path: str, root: str | None) -> str:
    """``path`` relative to ``root`` in POSIX form; absolute when outside it (one name
    however the path was reached: as given on the command line or through an import)."""
    absolute = os.path.abspath(path)
    if root is not None:
        rel = os.path.relpath(absolute, os.path.abspath(root))
        if not rel.startswith(".."):
            return rel.replace(os.sep, "/")
    return absolute.replace(os.sep, "/")


def file_servers(model: FileModel, locate: Locate, root: str | None, *, place_reasons: bool = True) -> list[ServerContract]:
    """The fragments one file's model gives: each server it constructs or registers on, with
    the items declared through this file. Never raises for code it does not understand.

    ``place_reasons`` false leaves the file and line out of the reasons (the rules compare
    values only, and placing every unknown costs a position lookup each)."""
    evaluator = Evaluator(model.info) if model.info is not None else None
    fragments = []
    where = (lambda node: _where(locate, node, root)) if place_reasons else (lambda node: "")
    for server in model.servers:
        fragments.append(_server_fragment(model, server, evaluator, locate, root, where))
    return fragments


def _server_fragment(model: FileModel, server: ServerModel, evaluator, locate: Locate, root,
                     where_of: Callable[[cst.CSTNode], str]) -> ServerContract:
    where = locate(server.constructor) if server.constructor is not None else (None, None)
    file = relative(where[0], root) if where[0] is not None else None
    name, reason = _server_name(server, evaluator if server.node is not None else None)
    contract = ServerContract(file, where[1], name, server.stack.value, server.variable, server.constructor,
                              owner=server.node is not None, name_reason=reason)
    contract.reasons.extend(f"{gap.message} ({where_of(gap.node)})" for gap in server.gaps)
    exporter = _Exporter(server, evaluator, locate, root, contract, where_of)
    exporter.path = model.path
    for handler in server.handlers + server.signature_tools:
        exporter.handler(handler)
    exporter.listed_without_handler(model)
    exporter.resources(model)
    exporter.completions(model)
    exporter.handed_elsewhere()
    return contract


def _where(locate: Locate, node: cst.CSTNode, root) -> str:
    file, line = locate(node)
    return f"{relative(file, root)}:{line}"


def _server_name(server: ServerModel, evaluator: Evaluator | None) -> tuple[str | None, str | None]:
    call = server.constructor
    if not isinstance(call, cst.Call):
        return None, "where the server is constructed was not followed"
    for index, arg in enumerate(call.args):
        if (arg.keyword is None and index == 0 and not arg.star) or (arg.keyword is not None and arg.keyword.value == "name"):
            value = _literal(arg.value, evaluator)
            return (value, None) if isinstance(value, str) else (None, "the server's name is not known statically")
    return None, "the server is constructed without a name"


def _literal(node: cst.BaseExpression, evaluator: Evaluator | None) -> Any:
    if evaluator is not None:
        return evaluator.eval(node)
    if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float)):
        return literal_value(node)
    return UNKNOWN


class _Exporter:
    """Turns one server's handlers into contract items."""

    def __init__(self, server: ServerModel, evaluator: Evaluator | None, locate: Locate, root, contract: ServerContract,
                 where_of: Callable[[cst.CSTNode], str]):
        self.server = server
        self.stack = server.stack
        self.evaluator = evaluator
        self.locate = locate
        self.root = root
        self.contract = contract
        self.where_of = where_of
        self.path = ""  # the linted file, for a cheap byte test before whole-module walks
        self._handler_nodes: set[int] | None = None
        self._patched: set[str] | None = None
        self._guarded: set[int] | None = None

    def unknown(self, what: str, node: cst.CSTNode | None) -> None:
        place = self.where_of(node) if node is not None else ""
        where = f" ({place})" if place else ""
        self.contract.reasons.append(f"{what}{where}")

    def file_of(self, node: cst.CSTNode) -> str:
        file_only = getattr(self.locate, "file", None)  # no position needed for the file alone
        return relative(file_only(node) if file_only is not None else self.locate(node)[0], self.root)

    def handler(self, handler) -> None:
        section = "prompts" if handler.kind == "prompt" else "tools"
        if handler.declarations is None:
            self.contract.sections[section] = None
            self.unknown(f"the {section} this server lists are not known statically", handler.function)
            return
        for declaration in handler.declarations:
            item = self.declaration(handler, declaration)
            items = self.contract.sections[section]
            if item is not None and items is not None and all(other.key != item.key for other in items):
                items.append(item)

    def declaration(self, handler, declaration) -> Item | None:
        if declaration.name is None:  # the list cannot be written without it
            self.contract.sections["prompts" if declaration.kind == "prompt" else "tools"] = None
            self.unknown(f"a {declaration.kind}'s name is not known statically", declaration.node)
            return None
        if isinstance(declaration.node, cst.Call) and self.inside_handler(declaration.node):
            self.unknown(f"{declaration.kind} '{declaration.name}' is registered while a request is handled, so "
                         "whether clients see it is not known statically", declaration.node)
            return None
        if declaration.style == "signature" and isinstance(declaration.node, cst.Call) \
                and id(declaration.node) in self.guarded_nodes():
            self.contract.sections["prompts" if declaration.kind == "prompt" else "tools"] = None
            self.unknown(f"{declaration.kind} '{declaration.name}' is registered under a condition (an if, or after "
                         "a return in its function), so whether clients see it is not known statically",
                         declaration.node)
        item = self.signature_item(handler, declaration) if declaration.style == "signature" \
            else self.literal_item(declaration)
        if declaration.name in self.patched_names():
            self.unknown(f"{declaration.kind} '{declaration.name}' is changed through the server's private "
                         "manager after registration", declaration.node)
            item.data.update({key: None for key in item.data if key != "name"})
        return item

    def literal_item(self, declaration) -> Item:
        fields = declaration.fields or {}
        data: dict[str, Any] = {"name": declaration.name}
        data["title"] = self.text(fields.get("title", None), "title", declaration)
        data["description"] = self.text(fields.get("description", None), "description", declaration)
        item = Item(data, declaration.node, self.file_of(declaration.node))
        if declaration.kind == "prompt":
            data["arguments"] = self.literal_arguments(declaration, item)
        else:
            data["input_schema"] = self.literal_schema(fields.get("input_schema", fields.get("inputSchema", UNKNOWN)),
                                                       declaration)
            for argument in declaration.arguments or ():
                item.parts.setdefault(argument.name, declaration.node)
        return item

    def inside_handler(self, node: cst.CSTNode) -> bool:
        """Whether a registration call sits in the body of one of the server's handlers (a
        tool that adds a tool runs only when called: ``mcp.add_tool(...)`` inside ``@mcp.tool``)."""
        if self._handler_nodes is None:
            functions = [handler.function for handler in self.server.handlers + self.server.signature_tools]
            self._handler_nodes = {id(inner) for function in functions for inner in walk(function.body)}
        return id(node) in self._handler_nodes

    def guarded_nodes(self) -> set[int]:
        """Nodes inside an ``if`` or inside a function with a ``return`` (a registration there
        may not run: ``if os.getenv(...): mcp.add_tool(...)``); memoised per exporter."""
        if self._guarded is None:
            self._guarded = set()
            module = self.evaluator.info.module if self.evaluator is not None else None
            for node in walk(module) if module is not None else ():
                guarded = isinstance(node, cst.If) or isinstance(node, cst.FunctionDef) and any(
                    isinstance(inner, cst.Return) for inner in walk(node.body, into_nested_scopes=False))
                if guarded:
                    self._guarded.update(id(inner) for inner in walk(node.body))
                if isinstance(node, cst.If) and node.orelse is not None:
                    self._guarded.update(id(inner) for inner in walk(node.orelse))
        return self._guarded

    def patched_names(self) -> set[str]:
        """Names written through ``<server>._tool_manager._tools["name"]`` (or the prompt
        manager) in the module: what clients see for them is not what was registered."""
        if self._patched is None:
            self._patched = set()
            module = self.evaluator.info.module if self.evaluator is not None else None
            if module is not None and not _mentions(self.path, (b"_tool_manager", b"_prompt_manager")):
                module = None
            for node in walk(module) if module is not None else ():
                if isinstance(node, cst.Subscript) and (dotted_name(node.value) or "").endswith(
                        ("_tool_manager._tools", "_prompt_manager._prompts")):
                    key = node.slice[0].slice.value if isinstance(node.slice[0].slice, cst.Index) else None
                    if isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str):
                        self._patched.add(key.evaluated_value)
        return self._patched

    def text(self, value: Any, what: str, declaration) -> str | None:
        if value is None or isinstance(value, str):
            return value
        self.unknown(f"the {what} of {declaration.kind} '{declaration.name}' is not known statically", declaration.node)
        return None

    def literal_arguments(self, declaration, item: Item) -> list[dict[str, Any]] | None:
        if declaration.arguments is None:
            self.unknown(f"the arguments of prompt '{declaration.name}' are not known statically", declaration.node)
            return None
        listed = (declaration.fields or {}).get("arguments", None) or []
        arguments = []
        for argument, raw in zip(declaration.arguments, listed if isinstance(listed, (list, tuple)) else []):
            fields = raw.fields if isinstance(raw, ObjectValue) else raw if isinstance(raw, dict) else {}
            required = fields.get("required", None)
            description = fields.get("description", None)
            if not (required is None or isinstance(required, bool)):
                self.unknown(f"whether argument '{argument.name}' of prompt '{declaration.name}' is required "
                             "is not known statically", argument.node)
                required = UNKNOWN
            if not (description is None or isinstance(description, str)):
                self.unknown(f"the description of argument '{argument.name}' of prompt '{declaration.name}' "
                             "is not known statically", argument.node)
                description = None
            arguments.append({"name": argument.name, "description": description,
                              "required": None if required is UNKNOWN else bool(required)})
            item.parts.setdefault(argument.name, argument.node)
        return arguments

    def literal_schema(self, value: Any, declaration) -> dict[str, Any] | None:
        if isinstance(value, ModelSchema) and self.evaluator is not None:
            rendered = schemas.model_schema(self.evaluator, value.model)
            if rendered is not UNKNOWN:
                return rendered
        elif isinstance(value, dict) and _fully_known(value):
            return value
        self.unknown(f"the input schema of tool '{declaration.name}' is not known statically", declaration.node)
        return None

    # -- decorated functions ------------------------------------------------------------
    def signature_item(self, handler, declaration) -> Item:
        function = handler.function
        options = self.options(declaration.node, function)
        data: dict[str, Any] = {"name": declaration.name}
        if options.get("name", declaration.name) != declaration.name:  # add_tool(Tool.from_function(f, name=...))
            if not isinstance(options["name"], str):
                self.contract.sections["prompts" if declaration.kind == "prompt" else "tools"] = None
                self.unknown(f"the name {declaration.kind} '{declaration.name}' is registered under is not known "
                             "statically", declaration.node)
            data["name"] = options["name"] if isinstance(options["name"], str) else None
        data["title"] = self.text(options.get("title", None), "title", declaration)
        if declaration.kind == "tool" and "title" not in options:
            data["title"] = self.default_tool_title(declaration, function)
        described = options.get("description", None)
        data["description"] = self.text(described, "description", declaration) if described is not None \
            else self.docstring(function, declaration)
        item = Item(data, declaration.node, self.file_of(declaration.node))
        # enum and model parameters as the stack renders them (a prompt uses only names and descriptions)
        structured = schemas.Structured(inline=self.stack not in _SDK_FASTMCP)
        fields = self.parameters(function, declaration, structured)
        for argument in declaration.arguments or ():
            item.parts[argument.name] = argument.node
        if declaration.kind == "prompt":
            data["arguments"] = self.signature_arguments(function, declaration, fields)
        else:
            data["input_schema"] = self.function_schema(function, declaration, fields, structured)
        return item

    def options(self, site: cst.CSTNode, function: cst.FunctionDef) -> dict[str, Any]:
        """The keywords of the registering call: ``@mcp.prompt(title=...)``, ``mcp.tool(name=...)(fn)``,
        ``mcp.add_tool(fn, description=...)``, ``Tool.from_function(fn, ...)``, fastmcp 3's standalone
        ``@tool(...)``."""
        calls: list[cst.Call] = []
        if isinstance(site, cst.Decorator) and isinstance(site.decorator, cst.Call):
            calls.append(site.decorator)
        elif isinstance(site, cst.Call):
            calls.append(site.func if isinstance(site.func, cst.Call) else site)
            if site.args and isinstance(site.args[0].value, cst.Call):
                calls.append(site.args[0].value)  # add_tool(Tool.from_function(fn, ...))
            for decorator in function.decorators:
                name = dotted_name(decorator.decorator.func if isinstance(decorator.decorator, cst.Call)
                                   else decorator.decorator) or ""
                if name.rsplit(".", 1)[-1] in ("prompt", "tool") and isinstance(decorator.decorator, cst.Call) \
                        and "." not in name:
                    calls.append(decorator.decorator)
        options: dict[str, Any] = {}
        for call in calls:
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value in ("title", "description", "name"):
                    options[arg.keyword.value] = _literal(arg.value, self.evaluator)
                elif arg.star:
                    options["title"] = options["description"] = options["name"] = UNKNOWN
        return options

    def default_tool_title(self, declaration, function: cst.FunctionDef) -> str | None:
        """fastmcp 4 titles every tool: ``name.replace("_", " ").replace("-", " ").title()``
        (fastmcp 4.2.3 ``fastmcp/tools/base.py`` ``_default_title``); earlier stacks send none."""
        if self.stack is Stack.FASTMCP4:
            return declaration.name.replace("_", " ").replace("-", " ").title()
        if self.stack is Stack.FASTMCP:
            self.unknown(f"the title of tool '{declaration.name}' depends on the fastmcp major version "
                         "(4.x derives one from the name), which the project does not pin", function)
        return None

    def docstring(self, function: cst.FunctionDef, declaration) -> str | None:
        text = _docstring(function)
        if self.stack in _SDK_FASTMCP:
            if text is None:
                return ""
            if "\n" in text:
                self.unknown(f"the description of {declaration.kind} '{declaration.name}' is a multi-line docstring, "
                             "which Python versions before 3.13 send with its indentation", function)
                return None
            return text
        if self.stack in (Stack.FASTMCP2, Stack.FASTMCP3, Stack.FASTMCP4, Stack.FASTMCP):
            return inspect.cleandoc(text) if text is not None else None
        self.unknown(f"the description of {declaration.kind} '{declaration.name}' is not known", function)
        return None

    def parameters(self, function: cst.FunctionDef, declaration,
                   structured: schemas.Structured | None = None) -> list[schemas.FieldSchema] | None:
        """The parameters the framework publishes, rendered (enum and model types too with
        ``structured``); None when one cannot be."""
        if self.evaluator is None:
            return None
        rendered = []
        names = {argument.name for argument in declaration.arguments or ()}
        params = list(function.params.params) + list(function.params.kwonly_params)
        if function.params.posonly_params or not isinstance(function.params.star_arg, cst.MaybeSentinel) \
                and function.params.star_arg is not None or function.params.star_kwarg is not None:
            return None
        for param in params:
            if param.name.value not in names:
                continue
            annotation = param.annotation.annotation if param.annotation is not None else None
            entry = schemas.field_schema(self.evaluator, param.name.value, annotation, param.default, structured)
            if entry is None or entry.name != param.name.value:
                return None
            rendered.append(entry)
        return rendered if len(rendered) == len(names) else None

    def signature_arguments(self, function, declaration, fields) -> list[dict[str, Any]] | None:
        if declaration.arguments is None:
            self.unknown(f"the arguments of prompt '{declaration.name}' are not known statically", declaration.node)
            return None
        by_name = {entry.name: entry for entry in fields or ()}
        arguments = []
        for argument in declaration.arguments:
            entry = by_name.get(argument.name)
            description = self.argument_description(function, argument, entry, declaration)
            arguments.append({"name": argument.name, "description": description, "required": argument.required})
        return arguments

    def argument_description(self, function, argument, entry, declaration) -> str | None:
        param = argument.node if isinstance(argument.node, cst.Param) else None
        if entry is None:
            return self.unknown_description(argument, declaration)
        if self.stack in _SDK_FASTMCP:
            return entry.description
        if self.stack in (Stack.FASTMCP3, Stack.FASTMCP4, Stack.FASTMCP) and _has_docstring_sections(function):
            return self.unknown_description(argument, declaration)
        annotation = param.annotation.annotation if param is not None and param.annotation is not None else None
        if annotation is not None and _qualified_name(self.evaluator, annotation) == "str":
            return entry.description
        note = _PROMPT_NOTE.get(self.stack)
        if note is None or annotation is None:
            return self.unknown_description(argument, declaration)
        # the note renders the annotation alone: ``Annotated[str, Field(description=...)]``
        # carries its description into it (checked against fastmcp 2.14 at runtime)
        structured = schemas.Structured(inline=False)  # TypeAdapter(annotation).json_schema()
        schema, options = schemas.annotated_schema(self.evaluator, annotation, structured)
        if schema is UNKNOWN or set(options) - {"description"} or (structured.defs and options):
            return self.unknown_description(argument, declaration)
        if structured.defs:
            schema = schemas.standalone_schema(schema, structured)
        schema = dict(schema, **options)
        text = note[0] + schemas.compact(schema) + note[1]
        return f"{entry.description}\n\n{text}" if entry.description else text

    def unknown_description(self, argument, declaration) -> None:
        self.unknown(f"the description of argument '{argument.name}' of prompt '{declaration.name}' "
                     f"is not known statically on {self.stack.value}", argument.node)
        return None

    def function_schema(self, function, declaration, fields, structured) -> dict[str, Any] | None:
        if fields is not None and self.stack in _SDK_FASTMCP:
            return schemas.function_schema(fields, f"{function.name.value}Arguments", structured)
        if fields is not None and self.stack is Stack.FASTMCP2:
            return schemas.function_schema(fields, None, structured)
        if fields is not None and self.stack in (Stack.FASTMCP3, Stack.FASTMCP4):
            return schemas.function_schema(fields, None, structured, {"additionalProperties": False})
        why = "its parameters' types are outside what mcplint renders" if fields is None \
            else "fastmcp 2 and 3 differ in additionalProperties, and the project does not pin which it uses"
        self.unknown(f"the input schema of tool '{declaration.name}' is not known statically: {why}", declaration.node)
        return None

    def listed_without_handler(self, model: FileModel) -> None:
        """A low-level list handler with no get/call handler is not modelled (its declarations
        are read through the pair): the section is unknown rather than empty."""
        if not self.server.stack.is_lowlevel:
            return
        kinds = {handler.kind for handler in self.server.handlers}
        listers = {site.method for server, site in model.decorator_uses if server is self.server}
        if isinstance(self.server.node, cst.Call):
            listers |= {arg.keyword.value[3:] for arg in self.server.node.args if arg.keyword is not None}
        requested = self.request_listers(model)
        listers |= requested
        for server, site in model.decorator_uses:
            section = {"list_tools": "tools", "list_prompts": "prompts"}.get(site.method)
            if server is self.server and section is not None and _returns_differ(site.function):
                self.contract.sections[section] = None
                self.unknown(f"which {section} {site.function.name.value}() returns depends on a condition (its returns "
                             "list different names)", site.function)
        for kind, lister, section in (("prompt", "list_prompts", "prompts"), ("tool", "list_tools", "tools")):
            if lister in listers and kind not in kinds:
                self.contract.sections[section] = None
                self.unknown(f"the {section} of a {lister} handler without its {kind} handler are not modelled",
                             self.server.node)
        if "list_resources" in requested:
            self.contract.sections["resources"] = self.contract.sections["resource_templates"] = None
            self.unknown("the resources a resources/list request handler returns are not modelled", self.server.node)

    def request_listers(self, model: FileModel) -> set[str]:
        """List handlers registered by request type, which the model does not read:
        ``server.add_request_handler("tools/list", ..., f)`` (mcp 2.x ``src/mcp/server/lowlevel/server.py``)
        and ``server.request_handlers[types.ListToolsRequest] = f`` (mcp 1.x, the dict the
        decorators fill). A method or request type that cannot be evaluated counts as every list."""
        module = self.evaluator.info.module if self.evaluator is not None else None
        if module is None or not _mentions(self.path, (b"request_handler",)):
            return set()
        variable = self.server.variable
        found: set[str] = set()
        for node in walk(module):
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                    and node.func.attr.value == "add_request_handler" and dotted_name(node.func.value) == variable:
                method = self.evaluator.eval(node.args[0].value) if node.args else UNKNOWN
                found |= _LIST_METHODS.get(method, set()) if isinstance(method, str) else set(_ALL_LISTS)
            elif isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Subscript) \
                    and dotted_name(node.target.value) == f"{variable}.request_handlers":
                index = node.target.slice[0].slice if len(node.target.slice) == 1 else None
                key = dotted_name(index.value) if isinstance(index, cst.Index) else None
                found |= _LIST_REQUESTS.get(key.rsplit(".", 1)[-1], set()) if key else set(_ALL_LISTS)
        return found

    # -- resources ----------------------------------------------------------------------
    def resources(self, model: FileModel) -> None:
        for server, site in model.decorator_uses:
            if server is not self.server:
                continue
            if site.method in ("list_resources", "list_resource_templates") or site.via_lowlevel and "resource" in site.method:
                self.contract.sections["resources"] = self.contract.sections["resource_templates"] = None
                self.unknown("the resources a list_resources handler returns are not modelled", site.decorator)
            elif site.method == "resource" and not site.via_lowlevel:
                self.resource(site)
        if self.server.stack.is_lowlevel and isinstance(self.server.node, cst.Call) and any(
                arg.keyword is not None and "resource" in arg.keyword.value for arg in self.server.node.args):
            self.contract.sections["resources"] = self.contract.sections["resource_templates"] = None
            self.unknown("the resources an on_list_resources handler returns are not modelled", self.server.node)

    def handed_elsewhere(self) -> None:
        """A server passed to a function this module does not define (``register_prompts(mcp)``
        imported from another module) may get any item there: every section is unknown. The
        items this module declares stay in ``own`` (for the sections known until then), and
        every such call in ``handed``."""
        module = self.evaluator.info.module if self.evaluator is not None else None
        if module is None or self.server.node is None:
            return
        for node in walk(module):
            if not isinstance(node, cst.Call) or not any(
                    isinstance(arg.value, cst.Name) and arg.value.value == self.server.variable for arg in node.args):
                continue
            callee = dotted_name(node.func) or ""
            local = self.evaluator.info.functions.get(callee) if callee else None
            if callee in _HARMLESS_CALLS or (local is not None and contains(module, local)) \
                    or _serves_only(callee, self.evaluator.info.imports):
                continue
            if not self.contract.handed:
                for section in LISTED:
                    if self.contract.sections[section] is not None:
                        self.contract.own[section] = list(self.contract.sections[section])
                    self.contract.sections[section] = None
                self.unknown(f"the server is passed to {callee or 'a call'}(), which is not defined in this "
                             "module and may register items on it", node)
            self.contract.handed.append(node)

    # -- completions --------------------------------------------------------------------
    def completions(self, model: FileModel) -> None:
        """The values each completion handler of the server advertises per reference and
        argument (:func:`mcplint.model.completions.advertised_values`); the section is unknown
        when a handler's returns cannot all be attributed, a values list unknown when it is
        not a literal."""
        handlers = [h for h in registrations(model).completions if h.server is self.server]
        if not handlers or self.evaluator is None:
            return
        items = self.contract.sections["completions"]
        for handler in handlers:
            found = advertised_values(handler, self.evaluator.info)
            if found is None:
                self.contract.sections["completions"] = items = None
                self.unknown(f"the values completion handler {handler.function.name.value}() returns are not "
                             "known statically", handler.function)
                continue
            for entry in found:
                data = {"ref": entry.ref, "name": entry.name, "argument": entry.argument,
                        "values": list(entry.values) if entry.values is not None else None}
                if entry.values is None:
                    self.unknown(f"the completion values of argument '{entry.argument}' of {entry.name} are not "
                                 "known statically", entry.node)
                item = Item(data, entry.node, self.file_of(entry.node))
                if items is not None and all(other.key != item.key for other in items):
                    items.append(item)

    def resource(self, site) -> None:
        call = site.call
        uri = UNKNOWN
        name: Any = site.function.name.value
        if isinstance(call, cst.Call):
            for index, arg in enumerate(call.args):
                if (arg.keyword is None and index == 0) or (arg.keyword is not None and arg.keyword.value == "uri"):
                    uri = _literal(arg.value, self.evaluator)
                elif arg.keyword is not None and arg.keyword.value == "name":
                    name = _literal(arg.value, self.evaluator)
        if not isinstance(uri, str) or not isinstance(name, str):
            self.contract.sections["resources"] = self.contract.sections["resource_templates"] = None
            self.unknown("a resource's URI or name is not known statically", site.decorator)
            return
        template = "{" in uri
        section = "resource_templates" if template else "resources"
        items = self.contract.sections[section]
        if items is None:
            return
        data = {"uri_template" if template else "uri": uri, "name": name}
        item = Item(data, site.decorator, self.file_of(site.decorator))
        if all(other.key != item.key for other in items):
            items.append(item)


#: Calls that take a server without registering anything on it.
_HARMLESS_CALLS = frozenset({"isinstance", "print", "id", "type", "getattr", "hasattr", "repr", "str", "setattr",
                             "logger.info", "logger.debug", "logging.info", "log.info"})
#: SDK entry points that take a server to serve or call it, never to register on it: mcp 1.x/2.x
#: ``StreamableHTTPSessionManager(app=server)`` (``mcp/server/streamable_http_manager.py``), the
#: in-memory sessions (mcp 1.x ``mcp/shared/memory.py``, mcp 2.x ``mcp.Client``) and fastmcp's
#: in-process ``Client`` (``fastmcp/client/client.py``).
_SERVING_CALLS = frozenset({
    "mcp.server.streamable_http_manager.StreamableHTTPSessionManager",
    "mcp.shared.memory.create_connected_server_and_client_session",
    "mcp.Client", "mcp.client.Client",
    "fastmcp.Client", "fastmcp.client.Client", "fastmcp.client.client.Client",
})
_ALL_LISTS = ("list_tools", "list_prompts", "list_resources")


def _serves_only(callee: str, imports: dict[str, str]) -> bool:
    """Whether ``callee`` (a dotted name as written: ``StreamableHTTPSessionManager``,
    ``fastmcp.Client``) is, through the module's imports, one of :data:`_SERVING_CALLS`."""
    head, _, rest = callee.partition(".")
    qualified = imports.get(head)
    if qualified is None:
        return False
    return (f"{qualified}.{rest}" if rest else qualified) in _SERVING_CALLS
#: List requests by method (MCP spec) and by request type (mcp 1.x ``mcp/types.py``).
_LIST_METHODS = {"tools/list": {"list_tools"}, "prompts/list": {"list_prompts"},
                 "resources/list": {"list_resources"}, "resources/templates/list": {"list_resources"}}
_LIST_REQUESTS = {"ListToolsRequest": {"list_tools"}, "ListPromptsRequest": {"list_prompts"},
                  "ListResourcesRequest": {"list_resources"}, "ListResourceTemplatesRequest": {"list_resources"}}


def _returns_differ(function: cst.FunctionDef) -> bool:
    """Whether two returns of a list handler name different items (``return [Tool(name="a")]``
    under one condition, ``[Tool(name="a"), Tool(name="b")]`` under another): the model reads
    every declaration of the function, which is then the union of the branches."""
    listed = []
    for node in walk(function.body, into_nested_scopes=False):
        if isinstance(node, cst.Return) and node.value is not None:
            listed.append(frozenset(literal_value(arg.value) for inner in walk(node.value)
                                    if isinstance(inner, cst.Call) for arg in inner.args
                                    if arg.keyword is not None and arg.keyword.value == "name"
                                    and isinstance(arg.value, cst.SimpleString)))
    return len(set(listed)) > 1


def _mentions(path: str, needles: tuple[bytes, ...]) -> bool:
    """Whether the file at ``path`` holds one of ``needles`` (a cheap test before a walk of
    the whole module; True when it cannot be read)."""
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError:
        return True
    return any(needle in data for needle in needles)


def _qualified_name(evaluator: Evaluator | None, node: cst.BaseExpression) -> str:
    if evaluator is None:
        return ""
    return (evaluator.info.qualify(node) or dotted_name(node) or "").replace("typing_extensions.", "typing.")


def _fully_known(value: Any) -> bool:
    if isinstance(value, ModelSchema):
        return False
    if isinstance(value, dict):
        return all(isinstance(key, str) and _fully_known(item) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return all(_fully_known(item) for item in value)
    return value is None or isinstance(value, (str, bool, int, float))


def _docstring(function: cst.FunctionDef) -> str | None:
    """The function's docstring as ``__doc__`` holds it (before any cleaning), or None."""
    body = function.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return None
    first = body.body[0]
    if not isinstance(first, cst.SimpleStatementLine) or not isinstance(first.body[0], cst.Expr):
        return None
    value = first.body[0].value
    if isinstance(value, cst.SimpleString):
        text = value.evaluated_value
        return text if isinstance(text, str) else None
    if isinstance(value, cst.ConcatenatedString):
        text = value.evaluated_value
        return text if isinstance(text, str) else None
    return None


def _has_docstring_sections(function: cst.FunctionDef) -> bool:
    """Whether a docstring may describe parameters (fastmcp 3 reads ``Args:`` sections)."""
    text = _docstring(function) or ""
    return any(marker in text for marker in ("Args:", "Arguments:", "Parameters", ":param"))


def merge(fragments: Iterator[ServerContract]) -> list[ServerContract]:
    """Fragments of the same server (same constructing file and line) merged into one server,
    sorted by file, line and name. A section unknown in any fragment is unknown."""
    merged: dict[tuple, ServerContract] = {}
    for fragment in fragments:
        key = (fragment.file, fragment.line) if fragment.file is not None else (None, fragment.variable)
        entry = merged.get(key)
        if entry is None:
            merged[key] = fragment
            continue
        if fragment.owner and not entry.owner:
            entry.name, entry.name_reason, entry.owner = fragment.name, fragment.name_reason, True
            entry.variable, entry.stack = fragment.variable, fragment.stack
        for section in SECTIONS:
            mine, theirs = entry.sections[section], fragment.sections[section]
            if mine is None or theirs is None:
                entry.sections[section] = None
                continue
            for item in theirs:
                if all(other.key != item.key for other in mine):
                    mine.append(item)
        entry.reasons.extend(reason for reason in fragment.reasons if reason not in entry.reasons)
        entry.handed.extend(fragment.handed)
        for section, items in fragment.own.items():
            kept = entry.own.setdefault(section, [])
            kept.extend(item for item in items if all(other.key != item.key for other in kept))
    return sorted(merged.values(), key=lambda s: (s.file or "", s.line or 0, s.name or "", s.variable))
