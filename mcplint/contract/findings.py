"""The breaking changes of one linted file's servers against the baseline, placed at nodes.

For the file being linted, every server it constructs or registers on is compared with the
same server of the baseline (same constructing file and name); servers the file does not
touch are not compared, so linting only the files a commit changed never makes the others'
items look removed. The server's current contract is assembled from this file's model and
the models of the other modules the baseline lists for that server (its constructor's and
its items' modules), so an item that moved to another module is not "removed" and a rename
across modules pairs up.

A change is placed in the new code (``Placed.node``):

* a renamed item, a renamed, newly required or narrowed argument/property: at its declaration;
* a removed argument or property: at its prompt's or tool's declaration;
* a removed item: at the first item the same module still declares on that server, else at
  the server's constructor.

Only nodes of this file are reported (or of a module this file's model read the item from
when that module's own model does not see the server), so each change is reported once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst

from mcplint.config import Settings
from mcplint.contract import CONTRACT_FILE, project_root
from mcplint.contract.baseline import find_lockfile, load_baseline
from mcplint.contract.diff import Change, diff_servers, match_servers
from mcplint.contract.export import Item, ServerContract, file_servers, merge, relative
from mcplint.model import FileModel
from mcplint.positions import PositionIndex

_CACHE: dict[int, tuple[FileModel, list["Placed"]]] = {}
_OTHER_MODELS: dict[str, tuple[tuple[int, int], Any]] = {}


@dataclass(frozen=True)
class Placed:
    """A breaking change with the node it is reported at."""

    code: str
    node: cst.CSTNode
    message: str


class Locator:
    """``locate(node) -> (path, line)`` for nodes of a model's file and the modules it read."""

    def __init__(self, model: FileModel) -> None:
        self._modules = [(model.path, model.module), *model.foreign_modules.items()]
        self._indexes: dict[str, PositionIndex] = {}

    def file(self, node: cst.CSTNode) -> str:
        """The path of the module holding ``node`` (no position computed when the model read
        no other module)."""
        return self._modules[0][0] if len(self._modules) == 1 else self(node)[0]

    def __call__(self, node: cst.CSTNode) -> tuple[str, int]:
        for path, module in self._modules:
            index = self._indexes.get(path)
            if index is None:
                index = self._indexes[path] = PositionIndex(module, module.code)
            try:
                return path, index.range(node).start.line
            except KeyError:
                continue
        raise KeyError(f"node {type(node).__name__} belongs to no module of this model")


def breaking_changes(model: FileModel) -> list[Placed]:
    """The placed breaking changes of ``model``'s file (memoised per model: the four rules ask)."""
    cached = _CACHE.get(id(model))
    if cached is not None and cached[0] is model:
        return cached[1]
    _CACHE.clear()
    placed = _compute(model)
    _CACHE[id(model)] = (model, placed)
    return placed


def _compute(model: FileModel) -> list[Placed]:
    settings = model.settings if isinstance(model.settings, Settings) else Settings()
    if not model.servers:
        return []
    lockfile = find_lockfile(model.path, settings)
    if lockfile is None:  # one written later must invalidate cached results
        model.dependencies.append(str(Path(project_root(settings)) / (settings.contract_file or CONTRACT_FILE)))
        return []
    baseline = load_baseline(lockfile)
    model.dependencies.append(str(lockfile))
    if baseline is None:
        return []
    configured = settings.contract_baseline or (settings.contract_file and settings.project_root is not None)
    root = project_root(settings) if configured else str(lockfile.parent)
    here = relative(model.path, root)
    own = file_servers(model, Locator(model), root, place_reasons=False)
    placed: list[Placed] = []
    for server in merge(iter(own)):
        old = _baseline_server(baseline, server)
        if old is not None:
            placed.extend(_server_changes(model, settings, root, here, own, server, old))
    return placed


def _baseline_server(baseline: dict[str, Any], server: ServerContract) -> dict[str, Any] | None:
    for old, new in match_servers(baseline.get("servers", []), [server.to_json()]):
        if old is not None and new is not None:
            return old
    return None


def _server_changes(model, settings, root: str, here: str, own: list[ServerContract], server: ServerContract,
                    old: dict[str, Any]) -> list[Placed]:
    key = (server.file, server.line)
    fragments = [fragment for fragment in own if (fragment.file, fragment.line) == key]
    self_declared: set[tuple[str, str]] = set()
    files = {old.get("file")} | {item.get("file") for section in _sections(old) for item in section}
    unreadable: set[str] = set()
    for file in sorted(name for name in files if isinstance(name, str) and name != here):
        fragments_there = _fragments_of(model, settings, root, file)
        if fragments_there is None:
            unreadable.add(file)  # MCP000 there: its items are not known, not removed
            continue
        for fragment in fragments_there:
            if (fragment.file, fragment.line) == key:
                fragments.append(fragment)
                self_declared.update((section, item.key) for section, items in fragment.sections.items()
                                     for item in items or () if item.file == file)
    mine = {id(item) for fragment in own for items in fragment.sections.values() for item in items or ()}
    current = next(entry for entry in merge(iter(fragments)) if (entry.file, entry.line) == key)
    changes = [change for change in diff_servers(old, current.to_json())
               if change.breaking and not (change.removed and change.old_file in unreadable)]
    placed = []
    for change in changes:
        node = _site(change, current, here, self_declared, mine)
        if node is not None:
            placed.append(Placed(change.code, node, change.message))
    return placed


def _sections(server: dict[str, Any]):
    for name in ("prompts", "tools", "resources", "resource_templates", "completions"):
        if isinstance(server.get(name), list):
            yield server[name]


def _fragments_of(model: FileModel, settings: Settings, root: str, file: str) -> list[ServerContract] | None:
    """The fragments of another project module, from its model (memoised until it changes);
    None when the module cannot be modelled (a syntax error: its own MCP000 says so)."""
    from mcplint.engine import model_of

    path = os.path.join(root, file)
    try:
        stat = os.stat(path)
    except OSError:
        return []
    model.dependencies.append(path)
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _OTHER_MODELS.get(path)
    if cached is None or cached[0] != stamp:
        other, locate, problem = model_of(Path(path), settings)
        fragments = file_servers(other, locate, root, place_reasons=False) if other is not None and locate is not None \
            else None if problem is not None else []
        cached = _OTHER_MODELS[path] = (stamp, fragments)
    return cached[1]


def _item(current: ServerContract, section: str, key: str) -> Item | None:
    return next((item for item in current.items(section) if item.key == key), None)


def _site(change: Change, current: ServerContract, here: str, self_declared: set, mine: set) -> cst.CSTNode | None:
    if change.part is None and change.removed:
        return _removal_site(change, current, here, mine)
    item = _item(current, change.section, change.item)
    if item is None or id(item) not in mine or not _reported_here(item, change.section, here, self_declared):
        return None
    if change.part is not None and not change.removed:
        return item.parts.get(change.part, item.node)
    return item.node


def _reported_here(item: Item, section: str, here: str, self_declared: set) -> bool:
    return item.file == here or (section, item.key) not in self_declared


def _removal_site(change: Change, current: ServerContract, here: str, mine: set) -> cst.CSTNode | None:
    still = sorted((item for section in current.sections for item in current.items(section)
                    if item.file == change.old_file and item.file != current.file), key=lambda item: item.key)
    if still:
        return still[0].node if still[0].file == here and id(still[0]) in mine else None
    return current.constructor if current.file == here else None
