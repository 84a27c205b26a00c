"""Where the baseline contract comes from: the lockfile, or the same paths at a git ref.

* The lockfile is ``mcp-contract.json`` at the project root (``contract-file`` in the config
  names another path, relative to the config's directory). Without a config it is found as
  the config is: the nearest one walking up from each linted file.
* ``--contract-base REF`` reads the project's files at ``REF`` with ``git archive`` (no
  checkout, the work tree is untouched) into a temporary folder and builds their contract
  there. Outside a repository, or for a ref git does not know, :class:`BaselineError` says so.

Loaded lockfiles are cached by path, size and modification time, so the language server
re-reads a lockfile as soon as it changes.
"""

from __future__ import annotations

import atexit
import io
import json
import os
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any, Sequence

from mcplint.config import Settings
from mcplint.contract import CONTRACT_FILE, ContractReport, build_contract, project_root, render_json
from mcplint.contract.diff import match_servers

_LOADED: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}


class BaselineError(Exception):
    """The baseline cannot be read; the message says why and where."""


def contract_path(settings: Settings) -> Path:
    """The lockfile of the project: ``contract-file`` under the project root, else ``mcp-contract.json``."""
    return Path(project_root(settings)) / (settings.contract_file or CONTRACT_FILE)


def write_lockfile(report: ContractReport, settings: Settings) -> Path:
    """Write ``report`` as the lockfile; returns its path. Servers of the existing lockfile
    neither constructed in a file read this time nor found again are kept (``contract --write
    src/one.py`` updates the servers that file touches only; ``report`` is expected to be
    built with the existing lockfile as its baseline, so those servers are whole). Raises OSError when it cannot be written."""
    path = contract_path(settings)
    try:
        previous = load_baseline(path) or {}
    except BaselineError:
        previous = {}  # unreadable: replaced
    read = set(report.files)
    written = {id(old) for old, new in match_servers(
        [server for server in previous.get("servers", []) if isinstance(server, dict)], report.servers)
        if old is not None and new is not None}
    kept = [server for server in previous.get("servers", []) if isinstance(server, dict)
            and server.get("file") not in read and id(server) not in written]
    merged = ContractReport(servers=sorted(kept + report.servers,
                                           key=lambda s: (s.get("file") or "", s.get("line") or 0, s.get("name") or "")))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_json(merged), encoding="utf-8")
    return path


def find_lockfile(path: str, settings: Settings) -> Path | None:
    """The baseline file for a linted ``path``: ``--contract-base``'s, the configured
    ``contract-file``, or the nearest ``mcp-contract.json`` at or above the file's folder."""
    if settings.contract_baseline:
        return Path(settings.contract_baseline)
    if settings.contract_file and settings.project_root is not None:
        candidate = Path(settings.project_root) / settings.contract_file
        return candidate if candidate.is_file() else None
    directory = Path(os.path.abspath(path)).parent
    for folder in (directory, *directory.parents):
        candidate = folder / CONTRACT_FILE
        if candidate.is_file():
            return candidate
    return None


def load_baseline(path: Path) -> dict[str, Any] | None:
    """The contract stored at ``path`` (cached until the file changes); None when it does
    not exist. Raises :class:`BaselineError` for a file that is not a contract."""
    try:
        stat = path.stat()
    except OSError:
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _LOADED.get(str(path))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BaselineError(f"{path}: not a readable contract file ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("servers"), list):
        raise BaselineError(f"{path}: not a contract file (no \"servers\" list)")
    _LOADED[str(path)] = (stamp, data)
    return data


def baseline_for_paths(targets: Sequence[Path], settings: Settings, ref: str | None) -> dict[str, Any] | None:
    """The baseline of a whole run: the contract of ``targets`` at git ``ref``, else the lockfile."""
    if ref is not None:
        return contract_at_ref(ref, targets, settings)
    anchor = targets[0] if targets else Path(".")
    path = find_lockfile(str(anchor / "_") if anchor.is_dir() else str(anchor), settings)
    return load_baseline(path) if path is not None else None


def _git(args: list[str], cwd: str, binary: bool = False):
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False, text=not binary)
    except OSError as exc:
        raise BaselineError(f"--contract-base needs git, which could not be run: {exc}") from exc


def contract_at_ref(ref: str, targets: Sequence[Path], settings: Settings) -> dict[str, Any]:
    """The contract of ``targets`` as they were at git ``ref`` (as a JSON object), with the
    same ``file`` names as the current contract of ``targets`` (relative to the project root).

    The repository is the one holding the paths (not the current directory's). Raises
    :class:`BaselineError` when a path is outside a git repository, the paths are in
    different repositories, or git does not know ``ref``.
    """
    root = os.path.realpath(project_root(settings))
    toplevel = repository_of(ref, targets or [Path(".")])
    if _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], toplevel).returncode != 0:
        raise BaselineError(f"--contract-base {ref}: unknown git ref '{ref}'")
    base = os.path.commonpath([root, toplevel])
    given = list(targets or [Path(".")])
    within_root = all(_within(os.path.realpath(target), root) for target in given)
    inside = os.path.relpath(root, toplevel) if base == toplevel and within_root else "."
    archive = _git(["archive", "--format=tar", ref, *([] if inside == "." else ["--", inside])], toplevel, binary=True)
    if archive.returncode != 0:
        message = archive.stderr.decode("utf-8", "replace").strip()
        raise BaselineError(f"--contract-base {ref}: git archive failed: {message}")
    with tempfile.TemporaryDirectory(prefix="mcplint-base-") as folder:
        old_top = os.path.normpath(os.path.join(folder, os.path.relpath(toplevel, base)))
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            _extract(tar, old_top)
        # The project root's counterpart; for a repository beside it (neither holds the
        # other) the old repository's top, and the names are mapped back below.
        old_root = os.path.normpath(os.path.join(folder, os.path.relpath(root, base))) if base in (root, toplevel) else old_top
        mapped = [os.path.join(folder, os.path.relpath(os.path.realpath(target), base)) for target in given]
        old_settings = settings.with_overrides(project_root=Path(old_root), contract_baseline=None)
        report = build_contract([Path(path) for path in mapped if os.path.exists(path)], old_settings)
        data = report.to_json()
        if old_root == old_top and base not in (root, toplevel):
            _rename_files(data, folder, old_root, list(zip(mapped, (os.path.abspath(target) for target in given))), base)
    return data


def repository_of(ref: str, targets: Sequence[Path]) -> str:
    """The top folder of the one git repository holding every path of ``targets``; raises
    :class:`BaselineError` naming the path outside any repository or the repositories found."""
    tops: dict[str, str] = {}
    for target in targets:
        folder = str(target) if target.is_dir() else (os.path.dirname(os.path.abspath(target)) or ".")
        top = _git(["rev-parse", "--show-toplevel"], folder) if os.path.isdir(folder) else None
        if top is None or top.returncode != 0:
            raise BaselineError(f"--contract-base {ref}: {target} is not inside a git repository")
        tops.setdefault(os.path.realpath(top.stdout.strip()), str(target))
    if len(tops) > 1:
        listed = ", ".join(f"{path} ({top})" for top, path in sorted(tops.items()))
        raise BaselineError(f"--contract-base {ref}: the paths are in different git repositories: {listed}; "
                            "give the paths of one repository")
    return next(iter(tops))


def _rename_files(data: dict[str, Any], folder: str, old_root: str, pairs: list[tuple[str, str]], base: str) -> None:
    """Give the ``file`` of each server and item of a repository outside the project root
    (named relative to the old repository's top ``old_root``, or absolute under the
    temporary ``folder``) the name the current files have there: absolute, from the target
    it was found under, else the real path."""
    pairs = sorted(pairs, key=lambda pair: -len(pair[0]))

    def rename(name: Any) -> Any:
        if not isinstance(name, str):
            return name
        native = os.path.normpath(os.path.join(old_root, name.replace("/", os.sep)))
        if not _within(native, folder):
            return name
        for mapped, given in pairs:
            if native == mapped or native.startswith(mapped.rstrip(os.sep) + os.sep):
                return (given + native[len(mapped):]).replace(os.sep, "/")
        return os.path.join(base, os.path.relpath(native, folder)).replace(os.sep, "/")

    for server in data.get("servers", []):
        server["file"] = rename(server.get("file"))
        for section in ("prompts", "tools", "resources", "resource_templates"):
            for item in server.get(section) or ():
                item["file"] = rename(item.get("file"))


def baseline_file_at_ref(ref: str, targets: Sequence[Path], settings: Settings) -> Path:
    """Write the contract of ``targets`` at git ``ref`` to a temporary file (removed when the
    process exits) for ``Settings.contract_baseline``; raises :class:`BaselineError`."""
    data = contract_at_ref(ref, targets, settings)
    handle, name = tempfile.mkstemp(prefix="mcplint-contract-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        json.dump(data, stream)
    atexit.register(_remove, name)
    return Path(name)


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _remove(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass


def _extract(tar: tarfile.TarFile, folder: str) -> None:
    """Extract regular files and folders only, none outside ``folder`` (the archive is git's,
    but a repository is untrusted input)."""
    base = os.path.realpath(folder)
    for member in tar.getmembers():
        target = os.path.realpath(os.path.join(folder, member.name))
        if not (member.isfile() or member.isdir()) or not target.startswith(base + os.sep):
            continue
        tar.extract(member, folder, set_attrs=False)
