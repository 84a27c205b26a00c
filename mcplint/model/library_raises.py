"""What library calls raise when the text they are handed is not what they parse.

A prompt argument is a string the caller chose; a call that parses it raises on a bad value,
an *implicit* raise that is as much the handler's answer as a written ``raise``. What the
client receives then depends on the exception's class and its bases (a ``binascii.Error`` is a
ValueError, so fastmcp's ``ErrorHandlingMiddleware`` sends -32602 on 4.x; a
``ZoneInfoNotFoundError`` is a KeyError, sent as not-found), so each entry carries the class
and its ancestors, nearest first (see :class:`mcplint.model.facts.ErrorKind`).

Entries are keyed by the qualified name the import resolves to (``from base64 import
b64decode`` -> ``base64.b64decode``), read from the libraries' own sources (CPython 3.11
``Lib/``, python-dateutil 2.9, packaging 24, semver 3, PyYAML 6, pytz, isodate, pendulum 3,
email-validator 2). Only calls that raise for *some* string are listed; a call that raises
only for a non-string (``len``) or never (``urllib.parse.quote``) is not an effect here.
"""

from __future__ import annotations

import libcst as cst

_VALUE = ("ValueError", "Exception")
_KEY = ("KeyError", "LookupError", "Exception")
_LOOKUP = ("LookupError", "Exception")
_BINASCII = ("Error", _VALUE)  # binascii.Error(ValueError), also base64's decoders
_JSON = ("JSONDecodeError", _VALUE)
_PLAIN_VALUE = ("ValueError", ("Exception",))

#: ``re`` functions whose first argument is a pattern: they raise only when that pattern is the
#: caller's text as sent, not ``re.escape(text)`` or ``fnmatch.translate(text)``.
PATTERN_TAKERS = ("compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split")

#: qualified name -> (exception class name, its ancestors nearest first)
LIBRARY_RAISES: dict[str, tuple[str, tuple[str, ...]]] = {
    # base64 / binascii: malformed input or padding (validate=True also rejects stray characters)
    **{f"base64.{f}": _BINASCII for f in ("b64decode", "standard_b64decode", "urlsafe_b64decode", "b32decode",
                                          "b32hexdecode", "b16decode", "a85decode", "b85decode", "z85decode")},
    **{f"binascii.{f}": _BINASCII for f in ("unhexlify", "a2b_hex", "a2b_base64")},
    "bytes.fromhex": _PLAIN_VALUE,
    # shell-like word splitting: "No closing quotation"
    "shlex.split": _PLAIN_VALUE,
    # dates and times
    "time.strptime": _PLAIN_VALUE,
    "email.utils.parsedate_to_datetime": _PLAIN_VALUE,
    "dateutil.parser.parse": ("ParserError", _VALUE),
    "dateutil.parser.isoparse": _PLAIN_VALUE,
    "dateutil.rrule.rrulestr": _PLAIN_VALUE,
    "isodate.parse_duration": ("ISO8601Error", _VALUE),
    "isodate.parse_date": ("ISO8601Error", _VALUE),
    "isodate.parse_datetime": ("ISO8601Error", _VALUE),
    "pendulum.parse": ("ParserError", _VALUE),
    "pytz.timezone": ("UnknownTimeZoneError", _KEY),
    # versions
    "packaging.version.Version": ("InvalidVersion", _VALUE),
    "packaging.version.parse": ("InvalidVersion", _VALUE),
    "packaging.specifiers.SpecifierSet": ("InvalidSpecifier", _VALUE),
    "packaging.requirements.Requirement": ("InvalidRequirement", _VALUE),
    "semver.Version.parse": _PLAIN_VALUE,
    "semver.VersionInfo.parse": _PLAIN_VALUE,
    "semver.parse": _PLAIN_VALUE,
    "semver.parse_version_info": _PLAIN_VALUE,
    # structured text
    "orjson.loads": _JSON,
    "ujson.loads": _PLAIN_VALUE,
    "toml.loads": ("TomlDecodeError", _VALUE),
    "tomli.loads": ("TOMLDecodeError", _VALUE),
    "yaml.safe_load": ("YAMLError", ("Exception",)),
    # names looked up in a registry of the standard library
    "codecs.lookup": _LOOKUP,
    "unicodedata.lookup": ("KeyError", ("LookupError", "Exception")),
    # addresses
    **{f"ipaddress.{f}": _PLAIN_VALUE for f in ("IPv4Address", "IPv6Address", "IPv4Network", "IPv6Network",
                                                "IPv4Interface", "IPv6Interface")},
    "email_validator.validate_email": ("EmailNotValidError", _VALUE),
    # a regular expression taken from the caller: re.error ("unterminated character set"), whose
    # base is Exception (PatternError on 3.13, the same class)
    **{f"re.{f}": ("error", ("Exception",)) for f in PATTERN_TAKERS},
}


#: The *kind* "parse a text", by the function's own name, for library functions no entry above
#: names (``xml.etree.ElementTree.fromstring``, ``ast.literal_eval``, ``tomlkit.loads``,
#: ``sqlglot.parse``): such a function raises when the text is not in its format. Its class is
#: not known (a ParseError, a SyntaxError, a library's own), so it is recorded as
#: :data:`UNKNOWN_PARSE_ERROR` (an Exception of some subclass: the ancestors say only that), so a
#: stack that maps by class (ErrorHandlingMiddleware) leaves it unjudged.
PARSE_VERBS = frozenset({"loads", "fromstring", "from_string", "literal_eval", "fromisoformat", "strptime", "parse",
                         "parse_string", "parseString"})
#: Library parsers of that name that answer a bad text with None or a partial result instead.
LENIENT_PARSERS = frozenset({"dateparser.parse", "feedparser.parse", "parsedatetime.Calendar.parse",
                             "urllib.parse.parse", "email.parser.Parser.parse"})
UNKNOWN_PARSE_ERROR = ("Exception", ("BaseException",))


def parse_kind_raise(qualified: str | None) -> tuple[str, tuple[str, ...]] | None:
    """What a library function named like a parser (:data:`PARSE_VERBS`) raises on a text it
    cannot parse, when no entry of :data:`LIBRARY_RAISES` names it: :data:`UNKNOWN_PARSE_ERROR`,
    or None for another function or a lenient one."""
    if qualified is None or "." not in qualified or qualified in LENIENT_PARSERS:
        return None
    return UNKNOWN_PARSE_ERROR if qualified.rsplit(".", 1)[1] in PARSE_VERBS else None


def takes_pattern(qualified: str | None) -> bool:
    """Whether the call named ``qualified`` compiles its first argument as a regular expression."""
    return qualified is not None and qualified.startswith("re.") and qualified[3:] in PATTERN_TAKERS


def library_raise(qualified: str | None) -> tuple[str, tuple[str, ...]] | None:
    """What the library call named ``qualified`` raises on a bad string: ``(class name,
    ancestors)``, or None when it is not a known parser of text."""
    if qualified is None:
        return None
    return LIBRARY_RAISES.get(qualified)


#: Calls that start a program: qualified name -> whether the program is the first positional
#: argument itself (``create_subprocess_exec(program, ...)``) rather than the first item of the
#: argv list it is (``subprocess.run([program, "--version"])``). A program that is not
#: installed raises FileNotFoundError (an OSError) from the call itself; with ``shell=True`` the
#: shell reports it instead (exit status 127), so no exception is raised there.
PROGRAM_RUNNERS: dict[str, bool] = {
    **{f"subprocess.{f}": False for f in ("run", "call", "check_call", "check_output", "Popen")},
    "asyncio.create_subprocess_exec": True,
    **{f"os.{f}": True for f in ("execvp", "execlp", "spawnvp", "spawnlp")},
}
PROGRAM_NOT_FOUND = ("FileNotFoundError", ("OSError", "Exception"))


def started_program(qualified: str | None, call) -> object | None:
    """The expression naming the program a call of ``qualified`` starts (a libcst node), or
    None when it starts none, runs it through a shell, or the program is not spelled out."""
    direct = PROGRAM_RUNNERS.get(qualified or "")
    if direct is None or any(arg.keyword is not None and arg.keyword.value == "shell"
                             and not (isinstance(arg.value, cst.Name) and arg.value.value == "False")
                             for arg in call.args):
        return None
    first = call.args[0] if call.args and call.args[0].keyword is None and not call.args[0].star else None
    if first is None:
        return None
    if direct:
        return first.value
    argv = first.value
    if isinstance(argv, (cst.List, cst.Tuple)) and argv.elements and not isinstance(argv.elements[0], cst.StarredElement):
        return argv.elements[0].value
    return None


#: Reading a file: ``Path.read_text``/``read_bytes`` on the path, or ``open(path)`` for reading.
#: A path spelled from the caller's value that names no file raises FileNotFoundError there.
FILE_READ_METHODS = frozenset({"read_text", "read_bytes"})
FILE_OPENERS = frozenset({"open", "io.open", "codecs.open"})


def read_path(qualified: str | None, call: cst.Call) -> cst.BaseExpression | None:
    """The path a call reads a file from (a libcst node), or None: ``open(path)`` /
    ``io.open(path, "rb")`` (not a writing mode, which creates the file), ``path.read_text()``."""
    if qualified in FILE_OPENERS:
        args = [arg for arg in call.args if not arg.star]
        mode = next((arg.value for arg in args[1:2] if arg.keyword is None), None) \
            or next((arg.value for arg in args if arg.keyword is not None and arg.keyword.value == "mode"), None)
        if mode is not None and not (isinstance(mode, cst.SimpleString) and not set("wax") & set(mode.evaluated_value)):
            return None
        return args[0].value if args and args[0].keyword is None else None
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value in FILE_READ_METHODS \
            and all(arg.keyword is not None for arg in call.args):  # (`encoding=` only)
        return func.value
    return None
