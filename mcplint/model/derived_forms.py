"""Derived forms: library calls that make an escaped, quoted or sanitised form of a string.

``safe = escape_filter_chars(name)``, ``quoted = shlex.quote(ref)``, ``slug = slugify(title)``:
the code made the form the sink needs, so when the raw argument reaches the sink beside it
(``f"(cn={name})"``, ``f"git log {ref}"``, ``urljoin(BASE, title)``) the form was made and
not used. Project functions that make a form are judged by what they do (they reject some
values and return a value computed from the one they were handed: flow's validator result);
library functions cannot be read, so the ones whose whole purpose is such a form are listed
here by qualified name. Parsers that return data about the value (``urlparse``,
``parseaddr``) are not listed: their result is checked, not sent, in correct code too.
"""

from __future__ import annotations

import libcst as cst

from mcplint.model.module_info import returned_values, walk

#: Library functions whose result is an escaped/quoted/sanitised form of their first argument,
#: by qualified name (as :meth:`ModuleInfo.qualify` gives it).
LIBRARY_FORMS = frozenset({
    # shell
    "shlex.quote", "pipes.quote",
    # LDAP filters and DNs (ldap3, python-ldap)
    "ldap3.utils.conv.escape_filter_chars", "ldap3.utils.dn.escape_rdn", "ldap.filter.escape_filter_chars",
    "ldap.dn.escape_dn_chars",
    # URLs
    "urllib.parse.quote", "urllib.parse.quote_plus", "urllib.parse.urlencode",
    # markup
    "html.escape", "markupsafe.escape", "markupsafe.Markup.escape", "xml.sax.saxutils.escape",
    "xml.sax.saxutils.quoteattr", "bleach.clean", "nh3.clean",
    # regular expressions and glob patterns
    "re.escape", "glob.escape",
    # file names and slugs
    "werkzeug.utils.secure_filename", "pathvalidate.sanitize_filename", "pathvalidate.sanitize_filepath",
    "slugify.slugify", "django.utils.text.slugify", "os.path.basename",
    # SQL identifiers
    "psycopg.sql.Identifier", "psycopg2.sql.Identifier", "psycopg.sql.Literal", "psycopg2.sql.Literal",
    "sqlalchemy.sql.quoted_name",
})


#: Library parsers whose result is the form a check looks at, not a safe form: ``parts =
#: shlex.split(command); if parts[0] not in ALLOWED: raise`` checks the words a shell would not
#: see (``ls; rm -rf ~`` splits into ``["ls;", "rm", ...]``) when the raw text is then run.
CHECKING_FORMS = frozenset({"shlex.split"})


def is_library_form(qualified: str | None) -> bool:
    """Whether a call of ``qualified`` makes an escaped, quoted, sanitised or parsed form of its
    first argument (``shlex.quote``, ``html.escape``, ``escape_filter_chars``, ``shlex.split``)."""
    return qualified is not None and (qualified in LIBRARY_FORMS or qualified in CHECKING_FORMS)


#: Calls whose text argument is a command, a query or a request, never message text.
_COMMAND_CALLS = frozenset({
    "os.system", "os.popen", "subprocess.run", "subprocess.call", "subprocess.check_call",
    "subprocess.check_output", "subprocess.Popen", "subprocess.getoutput", "subprocess.getstatusoutput",
    "asyncio.create_subprocess_shell", "asyncio.create_subprocess_exec",
} | {f"{lib}.{method}" for lib in ("httpx", "requests") for method in
     ("get", "post", "put", "patch", "delete", "head", "request", "stream")}
   # text read as a glob pattern: matched against file names, never shown (a regular
   # expression call is flow's pattern test of the value, see HandlerWalker._pattern_match)
   | {"glob.glob", "glob.iglob", "fnmatch.fnmatch", "fnmatch.fnmatchcase", "fnmatch.filter"})
_QUERY_METHODS = frozenset({"execute", "executemany", "executescript", "exec_driver_sql",
                            "search", "search_s", "search_st", "search_ext", "search_ext_s", "paged_search",
                            "glob", "rglob"})


def is_command_call(qualified: str | None, func: cst.BaseExpression) -> bool:
    """Whether a call runs its text as a shell command, SQL, a directory search or an HTTP
    request, or matches it as a glob pattern (``root.glob(f"{prefix}*")``)
    (``subprocess.run(f"git diff {base}")``, ``cursor.execute(f"... {name}")``,
    ``conn.search(base, f"(cn={name})")``): text handed to it is a command, judged by MCP302,
    not text shown to the model."""
    return qualified in _COMMAND_CALLS or (type(func) is cst.Attribute and func.attr.value in _QUERY_METHODS)


#: ``Field(...)`` / ``StringConstraints(...)`` / ``constr(...)`` keywords that rewrite a value.
_FIELD_CONSTRAINTS = frozenset({"strip_whitespace", "to_lower", "to_upper"})
#: model configuration that rewrites every string field
_STRING_CONFIG = frozenset({"str_strip_whitespace", "str_to_lower", "str_to_upper", "anystr_strip_whitespace",
                            "anystr_lower", "anystr_upper"})
#: annotations whose value is a parsed object, not the text handed in
_CONSTRAINED_TYPES = frozenset({"EmailStr", "NameEmail", "HttpUrl", "AnyUrl", "AnyHttpUrl"})


def constrained_fields(cls: cst.ClassDef) -> set[str]:
    """Fields of a pydantic model (or dataclass) whose declaration rewrites the value: a
    ``Field(...)``, ``constr(...)`` or ``Annotated[str, StringConstraints(...)]`` that strips or
    lower-cases it, a parsed type (``EmailStr``, ``HttpUrl``), or any string field of a model
    configured to strip or case strings (``ConfigDict(str_strip_whitespace=True)``). The model's
    value of such a field is the validated form of the argument handed to it. A field that only
    checks (``Literal[...]``, ``Field(min_length=3)``, ``ge=0``) or a plain ``str`` holds the same
    text the caller sent once the check passed: rendering that text is rendering the valid value."""
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    strings_limited = any(_configures_strings(statement) for statement in body)
    names: set[str] = set()
    for statement in body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if not isinstance(small, cst.AnnAssign) or not isinstance(small.target, cst.Name):
                continue
            annotation = small.annotation.annotation
            if _limits(annotation) or (small.value is not None and _limits(small.value)) \
                    or (strings_limited and _mentions(annotation, "str")):
                names.add(small.target.value)
    return names


def _limits(node: cst.BaseExpression) -> bool:
    """Whether an annotation or a field default constrains the value (see constrained_fields)."""
    for inner in _expressions(node):
        if type(inner) is cst.Name and inner.value in _CONSTRAINED_TYPES:
            return True
        if type(inner) is cst.Attribute and inner.attr.value in _CONSTRAINED_TYPES:
            return True
        if type(inner) is cst.Call and any(arg.keyword is not None and arg.keyword.value in _FIELD_CONSTRAINTS
                                           for arg in inner.args):
            return True
    return False


def _configures_strings(statement: cst.BaseStatement) -> bool:
    """``model_config = ConfigDict(str_strip_whitespace=True)`` or a ``class Config`` that sets
    ``anystr_strip_whitespace = True``."""
    if isinstance(statement, cst.ClassDef) and statement.name.value == "Config":
        return any(isinstance(small, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value in _STRING_CONFIG
                                                         for t in small.targets)
                   for line in (statement.body.body if isinstance(statement.body, cst.IndentedBlock) else ())
                   for small in (line.body if isinstance(line, cst.SimpleStatementLine) else ()))
    for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
        value = small.value if isinstance(small, (cst.Assign, cst.AnnAssign)) else None
        if isinstance(value, cst.Call) and any(arg.keyword is not None and arg.keyword.value in _STRING_CONFIG
                                               for arg in value.args):
            return True
    return False


def _mentions(node: cst.BaseExpression, name: str) -> bool:
    return any(type(inner) is cst.Name and inner.value == name for inner in _expressions(node))


def _expressions(node: cst.CSTNode):
    """``node`` and every expression under it (annotations and field defaults are small);
    :func:`walk`, not libcst's ``children`` (a visitor per call)."""
    return walk(node)


_BOOLEAN_CALLS = frozenset({"any", "all", "bool", "isinstance", "issubclass", "callable", "hasattr"})


def is_predicate(function: cst.FunctionDef) -> bool:
    """Whether ``function`` answers yes or no (annotated ``-> bool``, or every ``return`` is a
    comparison, a ``not``, ``True``/``False``, ``any(...)``/``all(...)``, a ``str.is...()`` or
    ``startswith`` test): ``ok = is_safe_query(q)`` holds a verdict on the value, no form of
    it, so the raw value used after ``if not ok: raise`` is the value that was judged."""
    if function.returns is not None and _is_bool_name(function.returns.annotation):
        return True
    returned = returned_values(function)
    return bool(returned) and all(value is not None and _is_boolean(value) for value in returned)


def _is_bool_name(node: cst.BaseExpression) -> bool:
    return (type(node) is cst.Name and node.value == "bool") or \
        (type(node) is cst.SimpleString and node.value.strip("'\"") == "bool")


def _is_boolean(node: cst.BaseExpression) -> bool:
    kind = type(node)
    if kind is cst.Comparison or (kind is cst.UnaryOperation and type(node.operator) is cst.Not):
        return True
    if kind is cst.Name:
        return node.value in ("True", "False")
    if kind is cst.BooleanOperation:
        return _is_boolean(node.left) and _is_boolean(node.right)
    if kind is cst.Call:
        func = node.func
        name = func.value if type(func) is cst.Name else (func.attr.value if type(func) is cst.Attribute else "")
        return name in _BOOLEAN_CALLS or name.startswith("is") or name in ("startswith", "endswith")
    return False


_RECORD_TYPES = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "Any", "object"})

#: Wrappers a declared return type is read through: ``Optional[Dict]`` answers a record or
#: nothing, ``Union[Dict, None]`` and ``dict | None`` the same.
_OPTIONAL_WRAPPERS = frozenset({"Optional", "Union"})


def returns_record(function: cst.FunctionDef, any_counts: bool = True) -> bool:
    """Whether ``function`` returns a record about its argument rather than a form of it:
    annotated ``-> dict``/``Dict[...]``/``Any``, also when it may answer nothing
    (``-> Optional[Dict[str, Any]]``, ``-> dict | None``: a store's entry for the id, or None when
    there is none), or every ``return`` a dict literal or ``None``
    (``get_product_by_code(code) -> Dict[str, Any]`` answers with the product, which no sink
    takes in place of the code; ``status = await tracker.get_status(task_id)`` is the task's
    record, and echoing ``task_id`` beside it renders no raw value a form existed for). With
    ``any_counts`` false, ``-> Any``/``-> object`` say nothing of what comes back (a helper so
    typed may return the value's tidied text): only a mapping type is a record."""
    if function.returns is not None:
        kinds = _RECORD_TYPES if any_counts else _RECORD_TYPES - {"Any", "object"}
        members = [head for head in _type_members(function.returns.annotation) if not _is_none_type(head)]
        return bool(members) and all(_type_name(head) in kinds for head in members)
    returned = returned_values(function)
    dicts = [value for value in returned if type(value) is cst.Dict]
    return bool(dicts) and all(type(value) is cst.Dict or _is_none_type(value) for value in returned)


def _type_members(annotation: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The alternatives a return annotation allows: ``Optional[X]`` -> X and None-free,
    ``Union[A, B]`` -> A, B, ``A | B`` -> A, B, anything else -> itself."""
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        return _type_members(annotation.left) + _type_members(annotation.right)
    if type(annotation) is cst.Subscript and _type_name(annotation) in _OPTIONAL_WRAPPERS:
        return [member for element in annotation.slice if type(element.slice) is cst.Index
                for member in _type_members(element.slice.value)]
    return [annotation]


def _type_name(annotation: cst.BaseExpression) -> str:
    """The last name of a type expression's head: ``Dict[str, Any]`` -> Dict, ``typing.Any`` -> Any."""
    head = annotation.value if type(annotation) is cst.Subscript else annotation
    return head.value if type(head) is cst.Name else (head.attr.value if type(head) is cst.Attribute else "")


def _is_none_type(node: cst.BaseExpression) -> bool:
    return type(node) is cst.Name and node.value == "None"
