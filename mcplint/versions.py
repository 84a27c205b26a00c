"""Which versions of ``mcp`` and ``fastmcp`` a project runs on, read from its pins.

What the client receives for a given raise depends on the framework version, so rules ask
:func:`pinned_versions` what the project fixes. Files are read as text/TOML; nothing of
the project is imported. The rules (DESIGN.md section 3):

* a lock file (``uv.lock``, ``poetry.lock``) fixes the exact version;
* a requirement fixes a version only with an exact pin (``==``, ``===``) or an upper bound
  (``<``, ``<=``, ``~=``, ``==1.*``, poetry's ``^`` and ``~``): the newest *known* release
  it allows is what pip would install;
* an open range (``mcp>=1.2``, bare ``mcp``) fixes nothing, because pip installs the
  newest release, which mcplint cannot know;
* a single-file script's inline metadata (PEP 723, ``# /// script`` with ``dependencies``)
  is what ``uv run`` / ``pipx run`` install for that file, so its pins win for that file;
* ``fastmcp`` implies the major version of ``mcp`` it runs on when ``mcp`` is not pinned;
* ``mcp-version`` / ``fastmcp-version`` in the config win over all of that.
"""

from __future__ import annotations

import fnmatch
import os
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version

from mcplint.config import FRAMEWORK_MAJORS, Settings

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

__all__ = ["KNOWN_RELEASES", "PinnedVersions", "VersionFact", "clear_cache", "pin_files", "pinned_versions"]


def _releases(*versions: str) -> tuple[Version, ...]:
    """Sorted :class:`Version` objects."""
    return tuple(sorted(Version(version) for version in versions))


#: The releases FRAMEWORKS.md was verified against (one ``x.y.0`` per minor plus the
#: patch releases it names). An upper bound resolves to the newest of these it allows;
#: extend this table when FRAMEWORKS.md is re-verified against newer releases.
KNOWN_RELEASES: dict[str, tuple[Version, ...]] = {
    "mcp": _releases(
        *(f"1.{minor}.0" for minor in range(31)), "1.9.4", *(f"2.{minor}.0" for minor in range(4))
    ),
    "fastmcp": _releases(
        *(f"2.{minor}.0" for minor in range(15)), "2.14.7",
        *(f"3.{minor}.0" for minor in range(5)), "3.4.11",
        *(f"4.{minor}.0" for minor in range(3)), "4.2.3",
    ),
}

#: fastmcp major -> the mcp major it runs on (FRAMEWORKS.md, table at the top).
_MCP_MAJOR_FOR_FASTMCP = {2: 1, 3: 1, 4: 2}

_PACKAGES = ("mcp", "fastmcp")
_LOCK_FILES = ("uv.lock", "poetry.lock")


@dataclass(frozen=True)
class VersionFact:
    """What is known of one package's version, and where it was learnt.

    ``minor`` is ``None`` when only the major version is known (``mcp-version = "1"``, or
    mcp's major implied by fastmcp). ``source`` says where the fact comes from, for
    messages: ``"uv.lock"``, ``"pyproject.toml: mcp>=1.2,<1.10"``, ``"config"``,
    ``"implied by fastmcp 4"``.
    """

    package: str
    major: int
    minor: int | None
    source: str


@dataclass(frozen=True)
class PinnedVersions:
    """The facts for both frameworks; ``None`` where the project fixes no version."""

    mcp: VersionFact | None
    fastmcp: VersionFact | None


def pinned_versions(path: Path, settings: Settings | None = None) -> PinnedVersions:
    """The framework versions that apply to the file or directory ``path``.

    Looks in the directory of ``path`` and upwards, stopping after the directory that
    holds ``.git`` (or at the filesystem root), for the nearest directory holding any of
    ``uv.lock``, ``poetry.lock``, ``pyproject.toml``, ``requirements*.txt``, and reads only
    that directory. Results are cached per directory (see :func:`clear_cache`).
    ``settings.mcp_version`` / ``fastmcp_version`` win over the files.

    Unreadable or malformed files fix nothing; the only error raised is ``ValueError``
    for a settings version that is not a PEP 440 version (config loading rejects those
    already, so it only happens with unvalidated overrides).
    """
    found = _script_pins(path) or _pins_near(_directory_of(path))
    settings = settings or Settings()
    mcp = _configured("mcp", settings.mcp_version) or found.mcp
    fastmcp = _configured("fastmcp", settings.fastmcp_version) or found.fastmcp
    if mcp is None and fastmcp is not None:
        mcp = _implied_mcp(fastmcp)
    return PinnedVersions(mcp=mcp, fastmcp=fastmcp)


#: PEP 723 (inline script metadata), the reference regular expression of the specification.
_SCRIPT_BLOCK = re.compile(r"(?m)^# /// (?P<type>[a-zA-Z0-9-]+)$\s(?P<content>(^#(| .*)$\s)+)^# ///$")
_SCRIPT_HEAD = 65536  # the block sits in the file's header in practice; a lint reads no further for it


def _script_pins(path: Path) -> PinnedVersions | None:
    """The pins of a file's own PEP 723 ``script`` block (``dependencies = ["mcp==1.6.0"]``):
    the packages a runner installs for exactly that file. None when the file has no such
    block, or the block fixes neither framework (an open range fixes nothing, as above)."""
    if not path.suffix == ".py" or not path.is_file():
        return None
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = handle.read(_SCRIPT_HEAD)
    except OSError:
        return None
    blocks = [m for m in _SCRIPT_BLOCK.finditer(head) if m.group("type") == "script"]
    if len(blocks) != 1:  # PEP 723: more than one script block is an error; none is no metadata
        return None
    content = "".join(line[2:] if line.startswith("# ") else line[1:]
                      for line in blocks[0].group("content").splitlines(keepends=True))
    facts: dict[str, VersionFact] = {}
    for text in _strings(_load_toml_text(content).get("dependencies")):
        parsed = _pep508(f"{path.name}: script metadata", text)
        if parsed is not None and parsed[1] in _PACKAGES and parsed[1] not in facts:
            version = _fixed_version(parsed[1], parsed[2])
            if version is not None:
                facts[parsed[1]] = _fact(parsed[1], version, parsed[0])
    if not facts:
        return None
    return PinnedVersions(mcp=facts.get("mcp"), fastmcp=facts.get("fastmcp"))


def clear_cache() -> None:
    """Forget what was read, e.g. after a lock file changed (the language server does)."""
    _pins_near.cache_clear()
    _pins_of_directory.cache_clear()
    _pin_directory.cache_clear()
    _pin_files_in.cache_clear()
    _workspace_root.cache_clear()


def _directory_of(path: Path) -> Path:
    """``path`` if it is a directory, else its parent; absolute and normalised."""
    absolute = Path(os.path.abspath(path))
    return absolute if absolute.is_dir() else absolute.parent


def _configured(package: str, version: str | None) -> VersionFact | None:
    """The fact a config override gives; ``ValueError`` if ``version`` is not a version."""
    if version is None:
        return None
    try:
        release = Version(version).release
    except InvalidVersion:
        raise ValueError(f"{package} version {version!r} is not a version") from None
    return VersionFact(package, release[0], release[1] if len(release) > 1 else None, "config")


def _implied_mcp(fastmcp: VersionFact) -> VersionFact | None:
    """The mcp major that fastmcp's major runs on; ``None`` for an unknown fastmcp major."""
    major = _MCP_MAJOR_FOR_FASTMCP.get(fastmcp.major)
    if major is None:
        return None
    return VersionFact("mcp", major, None, f"implied by fastmcp {fastmcp.major}")


# --------------------------------------------------------------------------- finding files


@lru_cache(maxsize=256)
def _pins_near(directory: Path) -> PinnedVersions:
    """The pins of the nearest directory at or above ``directory`` that has pin files."""
    found = _pin_directory(directory)
    return _pins_of_directory(found) if found is not None else PinnedVersions(mcp=None, fastmcp=None)


@lru_cache(maxsize=256)
def _pins_of_directory(directory: Path) -> PinnedVersions:
    """:func:`_read_directory`, once per run: the files of a project's subfolders share
    one pin directory, and a lock file is the largest file a run reads."""
    return _read_directory(directory)


@lru_cache(maxsize=256)
def _pin_directory(directory: Path) -> Path | None:
    """The nearest directory at or above ``directory`` that has pin files, or None."""
    for candidate in (directory, *directory.parents):
        if _has_pin_files(candidate):
            return candidate
        if (candidate / ".git").exists():
            break  # the repository root: anything above belongs to another project
    return None


def toml_pin_files(paths: Iterable[str]) -> list[Path]:
    """The ``pyproject.toml`` files :func:`pinned_versions` reads for ``paths``, each once,
    sorted: the caller checks that they parse (a file that does not is read as holding no
    pins). Lock files are left out: tools write them, and parsing a large one on every run
    would cost a warm run more than the check is worth."""
    found: set[Path] = set()
    for directory in {Path(os.path.abspath(path)).parent for path in paths}:  # files: no stat
        pins = _pin_directory(directory)
        for file in _pin_files_in(pins) if pins is not None else ():
            if file.name == "pyproject.toml":
                found.add(file)
    return sorted(found)


def pin_files(path: Path) -> tuple[Path, ...]:
    """The files :func:`pinned_versions` reads for ``path`` (lock files, ``pyproject.toml``,
    ``requirements*.txt`` of the nearest directory holding any), for caches that must be
    invalidated when a pin changes. Empty when no directory up to the repository root has one."""
    directory = _pin_directory(_directory_of(path))
    if directory is None:
        return ()
    root = _workspace_root(directory)
    return _pin_files_in(directory) + (_pin_files_in(root) if root is not None else ())


@lru_cache(maxsize=256)
def _pin_files_in(directory: Path) -> tuple[Path, ...]:
    named = [directory / name for name in (*_LOCK_FILES, "pyproject.toml") if (directory / name).is_file()]
    return tuple(named + _requirement_files(directory))


def _has_pin_files(directory: Path) -> bool:
    """Whether ``directory`` holds a lock file, a pyproject or a requirements file."""
    names = (*_LOCK_FILES, "pyproject.toml")
    has_toml = any((directory / name).is_file() for name in names)
    return has_toml or bool(_requirement_files(directory))


def _requirement_files(directory: Path) -> list[Path]:
    """``requirements*.txt`` in ``directory``, sorted so that results are deterministic."""
    try:
        return sorted(p for p in directory.glob("requirements*.txt") if p.is_file())
    except OSError:
        return []


def _read_directory(directory: Path) -> PinnedVersions:
    """Facts from one directory: a lock file wins, else the first fixing requirement. In a
    member of a uv workspace the workspace root's ``uv.lock`` (uv writes one, there, for
    every member) and then its requirements count as well: the member's own lock first,
    then the root's, then the member's requirements, then the root's."""
    layers = [_locked_versions(directory)]
    root = _workspace_root(directory)
    if root is not None:
        layers.append(_locked_versions(root))
    layers.append(_required_versions(directory))
    if root is not None:
        layers.append(_required_versions(root))
    return PinnedVersions(
        mcp=next((layer["mcp"] for layer in layers if "mcp" in layer), None),
        fastmcp=next((layer["fastmcp"] for layer in layers if "fastmcp" in layer), None),
    )


#: ``[tool.uv.workspace]`` as a line of its own: the cheap test before a pyproject is parsed.
_UV_WORKSPACE = re.compile(r"^[ \t]*\[[ \t]*tool[ \t]*\.[ \t]*uv[ \t]*\.[ \t]*workspace[ \t]*\]", re.M)


@lru_cache(maxsize=256)
def _workspace_root(member: Path) -> Path | None:
    """The root of the uv workspace that ``member`` (a directory with its own pin files) is a
    member of: the nearest folder above it, up to the repository root, whose
    ``pyproject.toml`` has a ``[tool.uv.workspace]`` table whose ``members`` globs match
    ``member`` and whose ``exclude`` globs do not (uv's rule; globs relative to the root).
    None when there is none. Only a pyproject holding the table's header is parsed."""
    for candidate in member.parents:
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file():
            try:
                text = pyproject.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                text = ""
            if _UV_WORKSPACE.search(text):
                workspace = _load_toml_text(text).get("tool", {}).get("uv", {}).get("workspace", {})
                return candidate if _is_member(member, candidate, workspace) else None
        if (candidate / ".git").exists():
            return None
    return None


def _is_member(member: Path, root: Path, workspace: Any) -> bool:
    """Whether the ``[tool.uv.workspace]`` table ``workspace`` of ``root`` takes ``member`` in."""
    if not isinstance(workspace, dict):
        return False
    relative = member.relative_to(root).as_posix()

    def matches(key: str) -> bool:
        patterns = workspace.get(key, [])
        return any(isinstance(p, str) and fnmatch.fnmatchcase(relative, p.strip("/").removeprefix("./"))
                   for p in (patterns if isinstance(patterns, list) else []))

    return matches("members") and not matches("exclude")


def _exists(package: str, version: Version) -> bool:
    """Whether ``version`` is of a major version the package has (``mcp==9.9`` cannot be
    installed: it fixes nothing, rather than a stack no code runs on)."""
    return version.release[0] in FRAMEWORK_MAJORS.get(package, (version.release[0],))


def _fact(package: str, version: Version, source: str) -> VersionFact:
    """A fact for an exact version (``==2`` means 2.0, so the minor is then 0)."""
    release = version.release
    return VersionFact(package, release[0], release[1] if len(release) > 1 else 0, source)


# --------------------------------------------------------------------------- lock files


def _locked_versions(directory: Path) -> dict[str, VersionFact]:
    """``{package: fact}`` from the first lock file listing it (``uv.lock`` before
    ``poetry.lock``). Both formats are TOML with ``[[package]]`` name/version entries."""
    facts: dict[str, VersionFact] = {}
    for lock_name in _LOCK_FILES:
        for package, version in _newest_locked(_framework_entries(directory / lock_name)).items():
            if _exists(package, version):
                facts.setdefault(package, _fact(package, version, lock_name))
    return facts


#: A line naming a framework package, as the key of a ``[[package]]`` table if the nearest
#: table header above it is ``[[package]]`` (names are compared canonically later).
#: (It starts with the literal ``name``, which ``re`` finds fast; the start of the line is
#: checked apart.)
_FRAMEWORK_NAME_LINE = re.compile(r"""name["']?[ \t]*=[ \t]*["'](?:[fF][aA][sS][tT])?[mM][cC][pP]["']""")
_LINE_START = re.compile(r"""(?:^|\n)[ \t]*["']?""")
_LINE_OPENING_BRACKET = re.compile(r"^[ \t]*\[", re.M)
_PACKAGE_HEADER = re.compile(r"[ \t]*\[\[[ \t]*package[ \t]*\]\][ \t]*(?:#.*)?")


def _framework_entries(path: Path) -> list[Any]:
    """The ``[[package]]`` entries of the lock file ``path`` that may name a framework.

    A lock file lists every package of the project (an 850 KB ``uv.lock`` is common), and
    parsing all of it as TOML cost more than linting the project. So only the
    ``[[package]]`` tables holding a line ``name = "mcp"`` or ``name = "fastmcp"`` are
    parsed, each from its header to the next line opening with ``[``. When a piece does not
    parse alone, or the nearest line above a name line that opens with ``[`` is not
    ``[[package]]``, the whole file is parsed instead. (So a lock file that is malformed
    elsewhere, e.g. holding merge-conflict markers, still gives its framework pins.)
    ``[]`` when the file is absent or unreadable.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    entries: list[Any] = []
    for match in _FRAMEWORK_NAME_LINE.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        if not _LINE_START.fullmatch(text, max(line_start - 1, 0), match.start()):
            continue  # not the key of a line (``{ name = "mcp" }``, ``package-name = ...``)
        above = text.rfind("\n[", 0, match.start()) + 1  # the nearest header at the margin
        openings = [m.start() for m in _LINE_OPENING_BRACKET.finditer(text, above, match.start())]
        if not openings:
            return _load_toml_text(text).get("package", [])
        following = _LINE_OPENING_BRACKET.search(text, match.end())
        block = text[openings[-1]:following.start() if following else len(text)]
        if not _PACKAGE_HEADER.fullmatch(block.split("\n", 1)[0].rstrip("\r")):
            return _load_toml_text(text).get("package", [])  # not the layout of uv and poetry
        try:
            entries += tomllib.loads(block).get("package", [])
        except tomllib.TOMLDecodeError:
            return _load_toml_text(text).get("package", [])
    return entries


def _newest_locked(entries: Any) -> dict[str, Version]:
    """The newest locked version of each framework package. A uv lock may hold several
    versions of one package (one per marker fork); taking the newest keeps it deterministic."""
    versions: dict[str, Version] = {}
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            continue
        name = canonicalize_name(entry["name"])
        version = _parse_version(entry.get("version"))
        if name in _PACKAGES and version is not None and version.release:
            versions[name] = max(version, versions.get(name, version))
    return versions


def _parse_version(text: Any) -> Version | None:
    """``Version(text)``, or ``None`` when ``text`` is not a version string."""
    try:
        return Version(text) if isinstance(text, str) else None
    except InvalidVersion:
        return None


def _load_toml(path: Path) -> dict[str, Any]:
    """The parsed TOML file, or ``{}`` when it is absent, unreadable or malformed."""
    try:
        return _load_toml_text(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return {}


def _load_toml_text(text: str) -> dict[str, Any]:
    """The parsed TOML text, or ``{}`` when it is malformed."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}


# --------------------------------------------------------------------------- requirements


def _required_versions(directory: Path) -> dict[str, VersionFact]:
    """``{package: fact}`` from the first requirement that fixes the package's version.

    Order: ``[project] dependencies``, ``optional-dependencies``, poetry dependencies,
    then ``requirements*.txt`` files by name.
    """
    facts: dict[str, VersionFact] = {}
    for source, package, specifier in _requirements(directory):
        if package in _PACKAGES and package not in facts:
            version = _fixed_version(package, specifier)
            if version is not None and _exists(package, version):
                facts[package] = _fact(package, version, source)
    return facts


def _requirements(directory: Path) -> list[tuple[str, str, SpecifierSet]]:
    """``(source, canonical package name, specifier)`` for every readable requirement."""
    pyproject = _load_toml(directory / "pyproject.toml")
    found = [_pep508("pyproject.toml", text) for text in _pyproject_requirement_texts(pyproject)]
    found += _poetry_requirements(pyproject)
    for file in _requirement_files(directory):
        found += [_pep508(file.name, text) for text in _requirements_txt_lines(file)]
    return [item for item in found if item is not None]


def _pyproject_requirement_texts(pyproject: dict[str, Any]) -> list[str]:
    """PEP 508 strings of ``[project] dependencies`` and ``optional-dependencies``."""
    project = pyproject.get("project", {})
    if not isinstance(project, dict):
        return []
    texts = list(_strings(project.get("dependencies")))
    optional = project.get("optional-dependencies")
    for group in optional.values() if isinstance(optional, dict) else []:
        texts += _strings(group)
    return texts


def _strings(value: Any) -> list[str]:
    """The strings of a TOML array (other items and other types are ignored)."""
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _pep508(source_file: str, text: str) -> tuple[str, str, SpecifierSet] | None:
    """A parsed requirement with its source label; ``None`` if it does not parse.
    Environment markers are ignored: a pin under any marker is taken as the pin."""
    try:
        requirement = Requirement(text)
    except InvalidRequirement:
        return None
    label = f"{source_file}: {text.strip()}"
    return label, canonicalize_name(requirement.name), requirement.specifier


def _requirements_txt_lines(file: Path) -> list[str]:
    """The requirement lines of a pip requirements file.

    Joins ``\\`` continuations and drops comments, options (``-r``, ``-e``, ``--hash``)
    and blank lines; what remains is handed to ``Requirement``, which rejects URLs and
    other forms that cannot pin a version.
    """
    try:
        text = file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    lines = []
    for line in re.sub(r"\\\r?\n", " ", text).splitlines():
        line = re.split(r"(?:^|\s)#", line, maxsplit=1)[0]  # pip: a comment needs a space before #
        line = re.split(r"\s--?[A-Za-z]", " " + line, maxsplit=1)[0].strip()
        if line:
            lines.append(line)
    return lines


def _poetry_requirements(pyproject: dict[str, Any]) -> list[tuple[str, str, SpecifierSet]]:
    """Requirements of ``[tool.poetry.dependencies]`` and its dependency groups."""
    tool = pyproject.get("tool", {})
    poetry = tool.get("poetry", {}) if isinstance(tool, dict) else {}
    if not isinstance(poetry, dict):
        return []
    tables = [poetry.get("dependencies")]
    groups = poetry.get("group")
    for group in groups.values() if isinstance(groups, dict) else []:
        tables.append(group.get("dependencies") if isinstance(group, dict) else None)
    found = []
    for table in tables:
        for name, value in table.items() if isinstance(table, dict) else []:
            constraint = value.get("version") if isinstance(value, dict) else value
            specifier = _poetry_specifier(constraint) if isinstance(constraint, str) else None
            if specifier is not None:
                label = f'pyproject.toml: {name} = "{constraint}"'
                found.append((label, canonicalize_name(name), specifier))
    return found


# --------------------------------------------------------------------------- specifiers


def _fixed_version(package: str, specifier: SpecifierSet) -> Version | None:
    """The version ``specifier`` fixes, or ``None`` for an open range.

    An exact pin gives its own version (known or not). An upper bound gives the newest
    known release it allows: what pip would install, as far as mcplint knows releases.
    """
    for spec in specifier:
        if spec.operator in ("==", "===") and not spec.version.endswith(".*"):
            return _parse_version(spec.version)
    if not any(_is_upper_bound(spec.operator, spec.version) for spec in specifier):
        return None
    allowed = [v for v in KNOWN_RELEASES[package] if specifier.contains(v)]
    return max(allowed, default=None)


def _is_upper_bound(operator: str, version: str) -> bool:
    """Whether one clause caps the version (``~=1.4`` caps below 2, ``==1.*`` below 2)."""
    return operator in ("<", "<=", "~=") or (operator == "==" and version.endswith(".*"))


def _poetry_specifier(constraint: str) -> SpecifierSet | None:
    """A poetry constraint (``^1.2``, ``~1.2``, ``1.2.3``, ``>=1,<2``, ``*``) as PEP 440.

    Returns ``None`` for alternatives (``||``), which have no single bound, and for
    anything that does not parse.
    """
    if "|" in constraint:
        return None
    clauses: list[str] = []
    for part in (p.strip() for p in constraint.split(",")):
        clauses += _poetry_clause(part)
    try:
        return SpecifierSet(",".join(clauses))
    except InvalidSpecifier:
        return None


def _poetry_clause(part: str) -> list[str]:
    """PEP 440 clauses for one poetry clause; ``["<invalid>"]`` makes the set fail to parse."""
    if part in ("", "*"):
        return []
    if part.startswith("^") or (part.startswith("~") and not part.startswith("~=")):
        operator, text = part[0], part[1:].strip()
        version = _parse_version(text)
        if version is None or not version.release:
            return ["<invalid>"]
        return [f">={text}", f"<{_poetry_upper(operator, list(version.release))}"]
    if part[0] in "<>=!~":
        return [part.replace(" ", "")]
    return [f"=={part}"]  # a bare version is an exact pin (1.2.* a wildcard one)


def _poetry_upper(operator: str, release: list[int]) -> str:
    """The exclusive upper bound of ``^`` / ``~`` (poetry's rules).

    ``^`` bumps the leftmost non-zero component (``^1.2`` -> 2.0, ``^0.2.3`` -> 0.3,
    ``^0.0`` -> 0.1); ``~`` bumps the minor when given (``~1.2.3`` -> 1.3), else the major.
    """
    if operator == "^":
        nonzero = [i for i, part in enumerate(release) if part != 0]
        index = nonzero[0] if nonzero else len(release) - 1
    else:
        index = 1 if len(release) >= 2 else 0
    bumped = release[:index] + [release[index] + 1]
    return ".".join(map(str, bumped))
