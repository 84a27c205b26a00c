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
    # regular expressions
    "re.escape",
    # file names and slugs
    "werkzeug.utils.secure_filename", "pathvalidate.sanitize_filename", "pathvalidate.sanitize_filepath",
    "slugify.slugify", "django.utils.text.slugify", "os.path.basename",
    # SQL identifiers
    "psycopg.sql.Identifier", "psycopg2.sql.Identifier", "psycopg.sql.Literal", "psycopg2.sql.Literal",
    "sqlalchemy.sql.quoted_name",
})


def is_library_form(qualified: str | None) -> bool:
    """Whether a call of ``qualified`` makes an escaped, quoted or sanitised form of its first
    argument (``shlex.quote``, ``html.escape``, ``escape_filter_chars``)."""
    return qualified is not None and qualified in LIBRARY_FORMS


#: Calls whose text argument is a command, a query or a request, never message text.
_COMMAND_CALLS = frozenset({
    "os.system", "os.popen", "subprocess.run", "subprocess.call", "subprocess.check_call",
    "subprocess.check_output", "subprocess.Popen", "subprocess.getoutput", "subprocess.getstatusoutput",
    "asyncio.create_subprocess_shell", "asyncio.create_subprocess_exec",
} | {f"{lib}.{method}" for lib in ("httpx", "requests") for method in
     ("get", "post", "put", "patch", "delete", "head", "request", "stream")})
_QUERY_METHODS = frozenset({"execute", "executemany", "executescript", "exec_driver_sql"})


def is_command_call(qualified: str | None, func: cst.BaseExpression) -> bool:
    """Whether a call runs its text as a shell command, SQL or an HTTP request
    (``subprocess.run(f"git diff {base}")``, ``cursor.execute(f"... {name}")``): text handed to
    it is a command, judged by MCP302, not text shown to the model."""
    return qualified in _COMMAND_CALLS or (type(func) is cst.Attribute and func.attr.value in _QUERY_METHODS)
