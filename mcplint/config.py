"""mcplint's configuration: finding it, validating it, applying it.

As ruff's: a ``.mcplint.toml`` or ``mcplint.toml`` (keys at the top level, like ``ruff.toml``)
or the ``[tool.mcplint]`` table of a ``pyproject.toml``; in each, the rule-selection keys may
also sit in a ``[lint]`` table (``[tool.mcplint.lint]``), as in ruff, and win over top-level ones.

Three steps, each a function:

* :func:`find_config` walks up from a path to the nearest directory holding a config, and
  in it takes ``.mcplint.toml``, else ``mcplint.toml``, else ``pyproject.toml`` with a
  ``[tool.mcplint]`` table (ruff's order: ``.ruff.toml`` > ``ruff.toml`` > ``pyproject.toml``);
  :func:`ignored_configs` names the others in that directory, which the CLI warns about;
* :func:`load_settings` reads one file (the one ``--config`` names, or the one found) into a
  frozen :class:`Settings`, or raises a :class:`ConfigError` that names the file, the line
  and the key;
* :func:`enabled_codes` and :func:`severity_for` answer the two questions the engine asks
  of the settings: which rules run on this file, and how loud is each finding.

Rule selection follows ruff: selectors are codes or code prefixes (``MCP``, ``MCP1``,
``MCP101``) or ``ALL``, and when selectors disagree about a code the most specific one wins.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import sys
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from packaging.version import InvalidVersion, Version

from mcplint.diagnostics import Severity
from mcplint.globs import glob_error, per_file_pattern_applies
from mcplint.syntax import TARGET_VERSIONS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

__all__ = [
    "ConfigError",
    "Settings",
    "enabled_codes",
    "find_config",
    "ignored_configs",
    "load_settings",
    "severity_for",
]

#: The selector that matches every code (but never enables an opt-in rule).
ALL = "ALL"

#: The key path of mcplint's table inside ``pyproject.toml``.
_TABLE = ("tool", "mcplint")

#: mcplint's own config files, in the order ruff looks for ``.ruff.toml`` and ``ruff.toml``.
CONFIG_FILE_NAMES = (".mcplint.toml", "mcplint.toml")
#: Every file name that may hold mcplint's configuration (for watchers).
ALL_CONFIG_FILE_NAMES = (*CONFIG_FILE_NAMES, "pyproject.toml")

#: The sub-table ruff users put lint settings in (``[lint]`` / ``[tool.ruff.lint]``).
_LINT = "lint"


class ConfigError(Exception):
    """A configuration file mcplint cannot use.

    ``path`` is the file, ``line`` the 1-based line of the offending key or value (``None``
    when unknown), ``key`` the kebab-case key inside ``[tool.mcplint]`` (dotted for nested
    tables: ``severity.MCP101``; ``None`` for whole-file problems such as invalid TOML).
    ``str(error)`` reads like a compiler message::

        pyproject.toml:12: [tool.mcplint] key 'selct': unknown key (did you mean 'select'?)
    """

    def __init__(
        self, path: Path, message: str, *, line: int | None = None, key: str | None = None,
        table: str = "[tool.mcplint] ",
    ) -> None:
        self.path = path
        self.line = line
        self.key = key
        self.message = message
        self.table = table  # how the message names the table of ``key`` ("" at a file's top level)
        super().__init__(str(self))

    def __str__(self) -> str:
        location = f"{self.path}:{self.line}" if self.line is not None else f"{self.path}"
        if self.key is None:
            return f"{location}: {self.message}"
        return f"{location}: {self.table}key '{self.key}': {self.message}"


@dataclass(frozen=True)
class Settings:
    """Validated settings; every field has the default a project without config gets.

    Tuples rather than lists keep the object hashable, so caches can key on it.

    * ``select``: selectors replacing the default selection; ``None`` means the default
      (every rule that is neither opt-in nor preview).
    * ``extend_select`` / ``ignore``: selectors added to / removed from the selection.
    * ``per_file_ignores``: ``(glob, selectors)`` pairs; ruff's globs (:mod:`mcplint.globs`:
      a file's name, or its path from ``project_root``; absolute ones as given, which is how
      ``--per-file-ignores`` patterns carry the working directory they are relative to).
    * ``exclude`` / ``extend_exclude``: gitignore-style patterns of paths not to discover.
    * ``mcp_version`` / ``fastmcp_version``: override the versions read from the project's
      pins (``"1"``, ``"1.9"``, ``"2.3.0"``).
    * ``target_version``: the Python the code is meant for (``"py310"`` .. ``"py314"``, as in
      ruff); ``None``: the newest. Passed on to libcst's parser (:func:`mcplint.syntax.parser_config`).
    * ``preview``: enable preview rules.
    * ``severity``: ``(selector, "error" | "warning" | "info")`` pairs.
    * ``respect_gitignore``: skip files that ``.gitignore`` files exclude.
    * ``force_exclude``: apply ``exclude`` to files named explicitly too (as ruff does; the
      pre-commit hook passes every staged file by name).
    * ``project_root``: the directory of the config file (absolute), ``config_path`` the file.
    * ``fixable`` / ``unfixable`` / ``extend_fixable``: as ruff's keys, which codes' fixes
      count at all (``fixable`` ``None`` means every code); a finding of another code is
      reported without its fix.
    * ``ignore_noqa``: ``# noqa`` comments suppress nothing (ruff's ``--ignore-noqa``).
    * ``command_line_selection``: ``(select, extend_select, ignore)`` layers applied after the
      configuration's, as ruff applies ``--select`` / ``--extend-select`` / ``--ignore``: a
      layer with ``select`` replaces everything chosen before it (the config's ``ignore``
      included), one without adds and removes (:func:`enabled_codes`).
    * ``contract_file``: the contract lockfile, relative to ``project_root`` (``mcp-contract.json``
      found walking up from each file when unset); ``contract_baseline``: a contract JSON file to
      compare with instead (``--contract-base REF`` writes it), never read from the config.
    """

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    mcp_version: str | None = None
    fastmcp_version: str | None = None
    target_version: str | None = None
    preview: bool = False
    severity: tuple[tuple[str, str], ...] = ()
    respect_gitignore: bool = True
    force_exclude: bool = False
    project_root: Path | None = None
    config_path: Path | None = None
    fixable: tuple[str, ...] | None = None
    unfixable: tuple[str, ...] = ()
    extend_fixable: tuple[str, ...] = ()
    ignore_noqa: bool = False
    command_line_selection: tuple[tuple[tuple[str, ...] | None, tuple[str, ...], tuple[str, ...]], ...] = ()
    contract_file: str | None = None
    contract_baseline: str | None = None

    def with_overrides(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied (CLI flags win over the config file).

        Keyword names are field names (``select=("MCP1",)``). Values are not validated
        here. Raises ``TypeError`` for a name that is not a field.
        """
        return dataclasses.replace(self, **changes)


class RuleLike(Protocol):
    """What :func:`enabled_codes` needs to know about a rule."""

    code: str
    preview: bool
    opt_in: bool


# --------------------------------------------------------------------------- finding


def find_config(start: Path) -> Path | None:
    """The config of the nearest directory at or above ``start`` that holds one: its
    ``.mcplint.toml``, else its ``mcplint.toml``, else its ``pyproject.toml`` when that has a
    ``[tool.mcplint]`` table (as ruff looks for ``.ruff.toml``, ``ruff.toml``, ``pyproject.toml``).

    ``start`` is a file or a directory (relative paths are taken from the cwd). A
    ``pyproject.toml`` that mentions mcplint but is not valid TOML is returned too, so
    that :func:`load_settings` reports the error instead of mcplint silently skipping the
    user's config. Returns ``None`` when the filesystem root is reached. Never raises for
    unreadable files; they are skipped.
    """
    start = Path(os.path.abspath(start))
    try:
        directory = start if start.is_dir() else start.parent
    except OSError:  # a name longer than the filesystem allows, say
        directory = start.parent
    for candidate_dir in (directory, *directory.parents):
        found = _configs_in(candidate_dir)
        if found:
            return found[0]
    return None


def ignored_configs(config_path: Path) -> list[Path]:
    """The other mcplint configs in ``config_path``'s directory, which :func:`find_config`
    passes over for it (a ``pyproject.toml`` with ``[tool.mcplint]`` beside an
    ``mcplint.toml``, say): settings there do nothing, which the user should hear."""
    return [path for path in _configs_in(config_path.parent) if path.name != config_path.name]


def other_configs(files: Iterable[str], in_force: Path | None) -> list[Path]:
    """The configs that govern some of ``files`` (the nearest config above each, as
    :func:`find_config` finds it) other than ``in_force``, sorted. A run applies one
    configuration: the caller reports these (mcplint would otherwise pass over a nested
    ``pyproject.toml`` silently, broken or not). Each directory is looked at once; the walk
    up from a file stops at the first directory holding a config. Never raises."""
    found: set[Path] = set()
    settled: set[Path] = set()
    for name in files:
        directory = Path(os.path.abspath(name)).parent
        while directory not in settled:
            settled.add(directory)
            configs = _configs_in(directory)
            if configs:
                if configs[0] != in_force:
                    found.add(configs[0])
                break
            if directory.parent == directory:
                break
            directory = directory.parent
    return sorted(found)


def _configs_in(directory: Path) -> list[Path]:
    """The mcplint configs of one directory, the one that counts first."""
    found = []
    for name in CONFIG_FILE_NAMES:
        candidate = directory / name
        try:
            if candidate.is_file():
                found.append(candidate)
        except OSError:
            continue
    pyproject = directory / "pyproject.toml"
    if has_mcplint_table(pyproject):
        found.append(pyproject)
    return found


def has_mcplint_table(path: Path) -> bool:
    """Whether ``path`` is a readable TOML file with ``[tool.mcplint]`` (or unparsable and
    mentioning mcplint); an ``mcplint.toml`` / ``.mcplint.toml`` is mcplint's as a whole."""
    if path.name in CONFIG_FILE_NAMES:
        return path.is_file()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if path.name != "pyproject.toml":  # `--config custom.toml`: mcplint.toml's format unless it has [tool]
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return True
        tool = data.get("tool")
        return _is_mcplint_file(path, data) or (isinstance(tool, dict) and "mcplint" in tool)
    # Most pyproject files never mention mcplint: skip parsing them.
    if "mcplint" not in text:
        return False
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return True
    tool = data.get("tool")
    # `mcplint = 3` under [tool] is returned too, so load_settings can say it must be a table.
    return isinstance(tool, dict) and "mcplint" in tool


# --------------------------------------------------------------------------- loading


def load_settings(config_path: Path | None, known_codes: Collection[str]) -> Settings:
    """Read and validate one config file: an ``mcplint.toml`` / ``.mcplint.toml`` (keys at
    the top level) or the ``[tool.mcplint]`` table of any other TOML file (a
    ``pyproject.toml``); in either, a ``lint`` table's keys win over the same keys outside it.

    ``config_path=None`` gives the default :class:`Settings`. A file without the table
    gives defaults with ``project_root`` (absolute) and ``config_path`` set. ``known_codes``
    are the codes of all registered rules; selectors must be ``ALL`` or a prefix of one.

    Raises :class:`ConfigError` (with file, line and key where they apply) when the file
    cannot be read, is not valid TOML, has an unknown key, a value of the wrong type, an
    unknown rule code or prefix, a severity other than error/warning/info, or a version
    that is not a PEP 440 version.
    """
    if config_path is None:
        return Settings()
    text = _read_config_text(config_path)
    data = _parse_toml(config_path, text)
    root = Path(os.path.abspath(config_path)).parent
    defaults = Settings(project_root=root, config_path=config_path)
    if _is_mcplint_file(config_path, data):
        table, prefix = data, ()
    else:
        tool = data.get("tool", {})
        table, prefix = (tool.get("mcplint") if isinstance(tool, dict) else None), _TABLE
    if table is None:
        return defaults
    source = _Source(config_path, text, frozenset(known_codes), prefix)
    if not isinstance(table, dict):
        raise source.error(f"[tool.mcplint] must be a table, got {_toml_type(table)}", ())
    return dataclasses.replace(defaults, **_convert_table(source, _with_lint_table(source, table)))


def _is_mcplint_file(path: Path, data: dict[str, Any]) -> bool:
    """Whether ``path`` holds mcplint's keys at its top level: an ``mcplint.toml``, or (as
    ruff reads a ``--config`` file not named ``pyproject.toml`` as a ``ruff.toml``) any
    other file but a ``pyproject.toml`` that has no ``[tool]`` table."""
    return path.name in CONFIG_FILE_NAMES or (path.name != "pyproject.toml" and "tool" not in data)


def _with_lint_table(source: _Source, table: dict[str, Any]) -> dict[str, Any]:
    """``table`` with its ``lint`` sub-table's keys lifted to the top (winning, as in ruff)."""
    lint = table.get(_LINT)
    if lint is None:
        return table
    if not isinstance(lint, dict):
        raise source.error(f"expected a table, got {_toml_type(lint)}", (_LINT,))
    merged = {key: value for key, value in table.items() if key != _LINT}
    for key, value in lint.items():
        if key not in _KEYS:
            raise source.error(_unknown_key_message(key, _KEYS), (_LINT, key))
        merged[key] = value
    return merged


def _read_config_text(path: Path) -> str:
    """The file's text; ``ConfigError`` when it cannot be read or decoded."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(path, f"cannot read configuration: {exc}") from exc


def _parse_toml(path: Path, text: str) -> dict[str, Any]:
    """Parsed TOML; ``ConfigError`` carrying the decoder's line when it is invalid."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(path, f"invalid TOML: {exc}", line=_decode_error_line(exc, text)) from exc


def toml_problem(path: Path) -> ConfigError | None:
    """Why ``path`` (a TOML file mcplint reads for other reasons: a ``pyproject.toml``
    holding the project's pins, a lock file) cannot be read as TOML, with the line; None
    when it can, or when it does not exist."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        return ConfigError(path, f"cannot read: {exc}")
    try:
        _parse_toml(path, text)
    except ConfigError as exc:
        return exc
    return None


def _decode_error_line(exc: tomllib.TOMLDecodeError, text: str) -> int | None:
    """The line of a TOML syntax error.

    Python 3.14 exposes ``lineno``; older versions only put it in the message, as
    ``(at line 3, column 7)`` or ``(at end of document)``.
    """
    lineno = getattr(exc, "lineno", None)
    if isinstance(lineno, int):
        return lineno
    match = re.search(r"at line (\d+)", str(exc))
    if match:
        return int(match.group(1))
    if "end of document" in str(exc):
        return max(1, len(text.splitlines()))
    return None


@dataclass(frozen=True)
class _Source:
    """The file being validated, so that every error can point at its line."""

    path: Path
    text: str
    known_codes: frozenset[str]
    prefix: tuple[str, ...] = _TABLE  # where mcplint's keys sit in the file: () in mcplint.toml

    def error(self, message: str, key: tuple[str, ...], needle: str | None = None) -> ConfigError:
        """A ``ConfigError`` for ``key`` (path below mcplint's table), located at the key's
        line or, when ``needle`` is given, at the first line quoting it after the key.

        A key given in the ``lint`` table is found there too."""
        line = _find_line(self.text, self.prefix + key, needle, len(self.prefix))
        if line is None and key and key[0] != _LINT:
            line = _find_line(self.text, self.prefix + (_LINT, *key), needle, len(self.prefix))
        table = "[tool.mcplint] " if self.prefix else ""
        return ConfigError(self.path, message, line=line, key=".".join(key) or None, table=table)


# A converter validates one key's TOML value and returns the Settings field value.
_Converter = Callable[[_Source, tuple[str, ...], Any], Any]


def _convert_table(source: _Source, table: dict[str, Any]) -> dict[str, Any]:
    """Settings field values from the ``[tool.mcplint]`` table; raises ``ConfigError``."""
    fields: dict[str, Any] = {}
    for key, value in table.items():
        if key not in _KEYS:
            message = _unknown_key_message(key, _KEYS)
            if key == "tool" and isinstance(value, dict) and "mcplint" in value:
                # `[tool.mcplint]` belongs in pyproject.toml; mcplint.toml holds the keys themselves.
                message += f"; {source.path.name} takes its settings at the top level, without a [tool.mcplint] header"
            raise source.error(message, (key,))
        field_name, convert = _KEYS[key]
        fields[field_name] = convert(source, (key,), value)
    return fields


def _unknown_key_message(key: str, known: Iterable[str]) -> str:
    """``unknown key``, with the closest known key when one is close enough."""
    close = difflib.get_close_matches(key, list(known), n=1)
    return f"unknown key (did you mean '{close[0]}'?)" if close else "unknown key"


def _string_list(source: _Source, key: tuple[str, ...], value: Any) -> tuple[str, ...]:
    """A TOML array of strings as a tuple."""
    if not isinstance(value, list):
        raise source.error(f"expected an array of strings, got {_toml_type(value)}", key)
    for item in value:
        if not isinstance(item, str):
            raise source.error(f"expected an array of strings, got {_toml_type(item)} in it", key)
    return tuple(value)


def _glob_list(source: _Source, key: tuple[str, ...], value: Any) -> tuple[str, ...]:
    """A TOML array of globs, each one globset (and so ruff) accepts."""
    patterns = _string_list(source, key, value)
    for pattern in patterns:
        _check_glob(source, key, pattern)
    return patterns


def _check_glob(source: _Source, key: tuple[str, ...], pattern: str) -> None:
    """Raise the config's error at the line quoting ``pattern`` when it is no valid glob."""
    problem = glob_error(pattern)
    if problem is not None:
        raise source.error(problem, key, needle=pattern)


def _selectors(source: _Source, key: tuple[str, ...], value: Any) -> tuple[str, ...]:
    """An array of rule selectors, each ``ALL`` or a prefix of a known code."""
    selectors = _string_list(source, key, value)
    for selector in selectors:
        _check_selector(source, key, selector)
    return selectors


def _check_selector(source: _Source, key: tuple[str, ...], selector: str) -> None:
    """Raise ``ConfigError`` unless ``selector`` is ``ALL`` or a prefix of a known code."""
    if selector == ALL or any(code.startswith(selector) for code in source.known_codes):
        return
    close = difflib.get_close_matches(selector, sorted(source.known_codes), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise source.error(f"unknown rule code or prefix '{selector}'{hint}", key, needle=selector)


def _boolean(source: _Source, key: tuple[str, ...], value: Any) -> bool:
    """A TOML boolean."""
    if not isinstance(value, bool):
        raise source.error(f"expected true or false, got {_toml_type(value)}", key)
    return value


#: The major versions of each framework that exist and that mcplint models (FRAMEWORKS.md;
#: :data:`mcplint.versions.KNOWN_RELEASES` lists their releases, tests/test_version_setting.py
#: keeps the two in step). fastmcp 1.x was the standalone predecessor of mcp 1.x's FastMCP.
FRAMEWORK_MAJORS = {"mcp": (1, 2), "fastmcp": (2, 3, 4)}
#: Earlier majors that were released (PyPI: mcp 0.9.x; fastmcp 0.x and 1.x, before FastMCP joined
#: the SDK) but that mcplint does not model: a setting of one is refused as unmodelled, not as
#: a version that never existed.
UNMODELLED_MAJORS = {"mcp": (0,), "fastmcp": (0, 1)}


def _version(source: _Source, key: tuple[str, ...], value: Any) -> str:
    """A version string such as ``"1"``, ``"1.9"`` or ``"2.3.0"`` (PEP 440) of a major version
    the framework named by the key (``mcp-version``, ``fastmcp-version``) has
    (:data:`FRAMEWORK_MAJORS`): ``mcp-version = "9.9"`` is an error, not a stack to guess, and so
    is a released major mcplint does not model (``fastmcp-version = "1.0"``, :data:`UNMODELLED_MAJORS`),
    with a message that says which. Raises ConfigError."""
    if not isinstance(value, str):
        raise source.error(f'expected a version string like "1.9", got {_toml_type(value)}', key)
    try:
        release = Version(value).release
    except InvalidVersion:
        raise source.error(
            f"'{value}' is not a version (expected e.g. \"1\", \"1.9\" or \"2.3.0\")", key
        ) from None
    package = key[-1].removesuffix("-version")
    majors = FRAMEWORK_MAJORS.get(package)
    if majors is not None and release[0] not in majors:
        known = ", ".join(f"{major}.x" for major in majors)
        if release[0] in UNMODELLED_MAJORS.get(package, ()):
            raise source.error(f"'{value}' is a {package} version mcplint does not model: it models {package} "
                               f"{known}", key)
        raise source.error(f"'{value}' is not a {package} version mcplint knows: {package} has {known}", key)
    return value


def _target_version(source: _Source, key: tuple[str, ...], value: Any) -> str:
    """A ruff target version: ``"py310"`` .. ``"py314"``."""
    if not isinstance(value, str) or value not in TARGET_VERSIONS:
        shown = f"'{value}'" if isinstance(value, str) else _toml_type(value)
        raise source.error(f"expected one of {', '.join(TARGET_VERSIONS)}, got {shown}", key)
def _relative_path(source: _Source, key: tuple[str, ...], value: Any) -> str:
    """A non-empty path string, relative to the config file's directory."""
    if not isinstance(value, str) or not value.strip():
        raise source.error(f"expected a relative path string, got {_toml_type(value)}", key)
    return value


def _per_file_ignores(
    source: _Source, key: tuple[str, ...], value: Any
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A table of glob -> array of selectors."""
    if not isinstance(value, dict):
        raise source.error(f"expected a table of glob = [codes], got {_toml_type(value)}", key)
    for pattern in value:
        _check_glob(source, key, pattern)
    return tuple(
        (pattern, _selectors(source, key + (pattern,), codes)) for pattern, codes in value.items()
    )


_SEVERITIES = tuple(severity.value for severity in Severity)


def _severity(source: _Source, key: tuple[str, ...], value: Any) -> tuple[tuple[str, str], ...]:
    """A table of selector -> ``"error"`` | ``"warning"`` | ``"info"``."""
    if not isinstance(value, dict):
        raise source.error(f'expected a table of code = "error", got {_toml_type(value)}', key)
    pairs = []
    for selector, level in value.items():
        _check_selector(source, key + (selector,), selector)
        if level not in _SEVERITIES:
            allowed = ", ".join(f"'{name}'" for name in _SEVERITIES)
            shown = f"'{level}'" if isinstance(level, str) else _toml_type(level)
            raise source.error(f"expected one of {allowed}, got {shown}", key + (selector,))
        pairs.append((selector, level))
    return tuple(pairs)


#: TOML key -> (Settings field, converter). The single list of accepted keys.
_KEYS: dict[str, tuple[str, _Converter]] = {
    "select": ("select", _selectors),
    "extend-select": ("extend_select", _selectors),
    "ignore": ("ignore", _selectors),
    "per-file-ignores": ("per_file_ignores", _per_file_ignores),
    "exclude": ("exclude", _glob_list),
    "extend-exclude": ("extend_exclude", _glob_list),
    "mcp-version": ("mcp_version", _version),
    "fastmcp-version": ("fastmcp_version", _version),
    "target-version": ("target_version", _target_version),
    "preview": ("preview", _boolean),
    "respect-gitignore": ("respect_gitignore", _boolean),
    "force-exclude": ("force_exclude", _boolean),
    "severity": ("severity", _severity),
    "fixable": ("fixable", _selectors),
    "unfixable": ("unfixable", _selectors),
    "extend-fixable": ("extend_fixable", _selectors),
    "contract-file": ("contract_file", _relative_path),
}


def _toml_type(value: Any) -> str:
    """The TOML name of a decoded value's type, for error messages."""
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
             list: "an array", dict: "a table"}
    return names.get(type(value), type(value).__name__)


# --------------------------------------------------------------------------- locating keys
# tomllib reports no positions, so errors find their line by scanning the text: track the
# current [table] header and compare each `key =` line's full dotted path with the target.

_BARE_OR_QUOTED = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')"""
_DOTTED = rf"{_BARE_OR_QUOTED}(?:\s*\.\s*{_BARE_OR_QUOTED})*"
_HEADER_RE = re.compile(rf"^\s*\[\[?\s*(?P<name>{_DOTTED})\s*\]\]?")
_KEY_RE = re.compile(rf"^\s*(?P<name>{_DOTTED})\s*=")
_PART_RE = re.compile(r"""[A-Za-z0-9_-]+|"((?:[^"\\]|\\.)*)"|'([^']*)'""")


def _split_key(dotted: str) -> tuple[str, ...]:
    """``'tool."mcplint".select'`` -> ``("tool", "mcplint", "select")``."""
    parts = []
    for match in _PART_RE.finditer(dotted):
        quoted = match.group(1) if match.group(1) is not None else match.group(2)
        parts.append(quoted if quoted is not None else match.group(0))
    return tuple(parts)


def _key_lines(text: str) -> Iterator[tuple[int, tuple[str, ...]]]:
    """``(line, full key path)`` for every table header and ``key =`` line of ``text``."""
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER_RE.match(line)
        if header:
            table = _split_key(header.group("name"))
            yield number, table
            continue
        key = _KEY_RE.match(line)
        if key:
            yield number, table + _split_key(key.group("name"))


def _find_line(text: str, target: tuple[str, ...], needle: str | None, floor: int = len(_TABLE)) -> int | None:
    """The line defining ``target``, or its nearest defined parent down to ``floor`` parts;
    ``None`` if none is.

    With ``needle``, the first line at or after that one quoting ``needle`` (so an unknown
    code in a multi-line array points at its own line).
    """
    lines = list(_key_lines(text))
    for depth in range(len(target), max(floor, 1) - 1, -1):
        found = next((number for number, path in lines if path == target[:depth]), None)
        if found is None and depth == len(target):  # only as a table's prefix: `[tool.mcplint]` for `tool`
            found = next((number for number, path in lines if path[:depth] == target), None)
        if found is not None:
            return _needle_line(text, found, needle) if needle else found
    return None


def _needle_line(text: str, start: int, needle: str) -> int:
    """The first line from ``start`` on that quotes ``needle``; ``start`` when none does."""
    quoted = (f'"{needle}"', f"'{needle}'")
    for number, line in enumerate(text.splitlines()[start - 1 :], start=start):
        if any(q in line for q in quoted):
            return number
    return start


# --------------------------------------------------------------------------- applying


def enabled_codes(
    settings: Settings, rules: Iterable[RuleLike], path: Path | None = None
) -> frozenset[str]:
    """The codes of ``rules`` that run, on ``path`` when given (for ``per_file_ignores``).

    Like ruff (``LintConfiguration::as_rule_table``): the selection is resolved layer by
    layer, the configuration's (``select``, ``extend_select``, ``ignore``) and then each of
    ``command_line_selection``. Within a layer, for each code the longest matching selector
    decides (``ignore`` wins a tie); a layer with ``select`` replaces the codes chosen by the
    layers before it (so ``--select MCP103`` runs MCP103 even where the config ignores it),
    a layer without it adds and removes codes; the base is every rule that is not opt-in.
    An empty ``select`` with only ``ignore`` carries that ``ignore`` on to the next layer, as
    ruff does. An opt-in rule is enabled only by a selector naming its exact code; a preview
    rule only when ``settings.preview`` is true. Never raises.
    """
    rules = list(rules)
    enabled = {rule.code for rule in rules if not rule.opt_in}
    carried: tuple[str, ...] = ()
    for select, extend_select, ignore in ((settings.select, settings.extend_select, settings.ignore),
                                          *settings.command_line_selection):
        updates = _layer_updates(rules, (select or ()) + extend_select, ignore + carried)
        carried = ignore if select == () and not extend_select and ignore else ()
        if select is not None:
            enabled = {code for code, on in updates.items() if on}
        else:
            enabled = (enabled | {code for code, on in updates.items() if on}) - {c for c, on in updates.items() if not on}
    by_code = {rule.code: rule for rule in rules}
    enabled = {code for code in enabled if settings.preview or not by_code[code].preview}
    if path is not None:
        ignored = _per_file_ignored(settings, path)
        enabled = {code for code in enabled if not any(_prefix_matches(s, code) for s in ignored)}
    return frozenset(enabled)


def _layer_updates(rules: list[RuleLike], selectors: tuple[str, ...], ignores: tuple[str, ...]) -> dict[str, bool]:
    """One selection layer's verdict per code it names: True selected, False ignored (the most
    specific matching selector decides; ``ignore`` wins a tie). Codes it names not at all
    are absent."""
    updates = {}
    for rule in rules:
        best_select = max((_select_specificity(s, rule) for s in selectors), default=-1)
        best_ignore = max((_ignore_specificity(s, rule.code) for s in ignores), default=-1)
        if best_select >= 0 or best_ignore >= 0:
            updates[rule.code] = best_select > best_ignore
    return updates


def _select_specificity(selector: str, rule: RuleLike) -> int:
    """How specifically ``selector`` selects ``rule``: -1 not at all, 0 for ALL, else its length.

    Opt-in rules answer only to their exact code, so broad selectors never enable them.
    """
    if rule.opt_in:
        return len(selector) if selector == rule.code else -1
    return _ignore_specificity(selector, rule.code)


def _ignore_specificity(selector: str, code: str) -> int:
    """How specifically ``selector`` matches ``code``: -1 not at all, 0 for ALL, else its length."""
    if selector == ALL:
        return 0
    return len(selector) if code.startswith(selector) else -1


def _prefix_matches(selector: str, code: str) -> bool:
    """Whether ``selector`` (``ALL`` or a prefix) matches ``code``."""
    return _ignore_specificity(selector, code) >= 0


def _per_file_ignored(settings: Settings, path: Path) -> list[str]:
    """The selectors ``per_file_ignores`` removes for ``path``: patterns matched as ruff
    matches them (:func:`mcplint.globs.per_file_pattern_applies`), relative ones from the
    project root (the config's folder; the working directory without a config)."""
    root = Path(settings.project_root or os.getcwd()).as_posix()
    absolute = Path(os.path.abspath(path)).as_posix()
    return [
        selector
        for pattern, selectors in settings.per_file_ignores
        if per_file_pattern_applies(pattern, absolute, root)
        for selector in selectors
    ]


def is_fixable(settings: Settings, code: str) -> bool:
    """Whether findings of ``code`` may carry their fix, as ruff decides it: the most specific
    of ``fixable`` (every code when unset) and ``extend_fixable`` against ``unfixable``
    (``unfixable`` wins a tie)."""
    selectors = (settings.fixable if settings.fixable is not None else (ALL,)) + settings.extend_fixable
    best_fixable = max((_ignore_specificity(s, code) for s in selectors), default=-1)
    best_unfixable = max((_ignore_specificity(s, code) for s in settings.unfixable), default=-1)
    return best_fixable > best_unfixable


def apply_fragment(settings: Settings, fragment: str, known_codes: Collection[str]) -> Settings:
    """``settings`` with one ``--config KEY=VALUE`` TOML fragment applied on top, as ruff's
    ``--config "lint.select = ['MCP1']"``: keys as in ``[tool.mcplint]``, optionally under
    ``lint.``. Raises :class:`ConfigError` (path ``--config``) for invalid TOML, an unknown
    key or a bad value, with the same messages as the config file gets."""
    origin = Path("--config")
    data = _parse_toml(origin, fragment)
    source = _Source(origin, fragment, frozenset(known_codes), prefix=())  # keys at the top, as in mcplint.toml
    fields = _convert_table(source, _with_lint_table(source, data))
    if {"select", "extend_select", "ignore"} & fields.keys():
        # A selection layer over the config file's, as ruff combines `--config` overrides
        # (enabled_codes): `--config "select = ['MCP103']"` runs MCP103 the file ignores.
        layer = (fields.pop("select", None), fields.pop("extend_select", ()), fields.pop("ignore", ()))
        fields["command_line_selection"] = (*settings.command_line_selection, layer)
    return dataclasses.replace(settings, **fields)


#: Codes whose findings are warnings unless configured otherwise: a settings problem, not a
#: fault of the code (MCP003).
DEFAULT_SEVERITY = {"MCP003": Severity.WARNING}


def severity_for(settings: Settings, code: str) -> Severity:
    """The severity configured for ``code``: the longest matching selector of
    ``settings.severity`` wins (``ALL`` is the least specific); when none matches, the code's
    :data:`DEFAULT_SEVERITY`, else ``ERROR``.
    Raises ``ValueError`` if a configured level is not a :class:`Severity` value."""
    best_specificity, best = -1, DEFAULT_SEVERITY.get(code, Severity.ERROR)
    for selector, level in settings.severity:
        specificity = _ignore_specificity(selector, code)
        if specificity > best_specificity:
            best_specificity, best = specificity, Severity(level)
    return best
