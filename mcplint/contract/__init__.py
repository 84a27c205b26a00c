"""The contract: what each server publishes, and how it changed against a baseline.

``mcplint contract PATH...`` prints :func:`build_contract`'s result (``render_json`` /
``render_text``); ``--write`` stores it as the lockfile (:mod:`mcplint.contract.baseline`);
:mod:`mcplint.contract.diff` compares two contracts, and the MCP70x rules report the
breaking changes of the linted files as diagnostics.

JSON shape (``render_json``)::

    {"servers": [{"file", "line", "name", "stack",
                  "prompts": [{"name", "title", "description", "file",
                               "arguments": [{"name", "description", "required"}]}],
                  "tools": [{"name", "title", "description", "file", "input_schema"}],
                  "resources": [{"uri", "name", "file"}],
                  "resource_templates": [{"uri_template", "name", "file"}],
                  "complete", "reasons"}]}

``file`` of a server is the module that constructs it, of an item the module that declares
it (relative to the project root, POSIX separators). A value that cannot be known
statically is ``null`` and the server has ``"complete": false`` with the reasons; a section
the model could not list at all is ``null``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from mcplint.config import Settings

CONTRACT_FILE = "mcp-contract.json"
VERSION = 1


@dataclass
class ContractReport:
    """The contract of some paths: ``servers`` (JSON objects), ``problems`` (files that could
    not be modelled), ``missing`` (paths that do not exist), ``files`` (every file read,
    relative to the project root), ``unreadable`` (the files of ``problems``, so relative: what
    a baseline says of them is not known to be gone)."""

    servers: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """``{"version": 1, "servers": [...]}``."""
        return {"version": VERSION, "servers": self.servers}


def project_root(settings: Settings) -> str:
    """The directory paths in the contract are relative to: the config's, else the cwd."""
    return str(settings.project_root) if settings.project_root is not None else os.getcwd()


def build_contract(paths: Sequence[Path], settings: Settings | None = None,
                   baseline: dict[str, Any] | None = None) -> ContractReport:
    """The contract of the Python files under ``paths`` (found as ``check`` finds them).

    With a ``baseline`` contract, each server found is modelled whole: the modules the
    baseline names for that server (its constructor's and its items') are read too, as the
    MCP70x rules do, so a subset of a server's files never makes the others' items look
    removed. Never raises for a file it cannot model: it is listed in ``problems``.
    """
    from mcplint.contract.export import merge, relative
    from mcplint.discovery import discover_files

    settings = settings or Settings()
    root = project_root(settings)
    discovery = discover_files(list(paths), settings)
    report = ContractReport(missing=discovery.missing_messages())
    fragments = []
    for name in discovery.names:
        fragments.extend(_file_fragments(str(name), settings, root, report))
        if relative(str(name), root) not in report.unreadable:
            # a file that could not be read is no file read: what the baseline says of it stays
            # (--write keeps it, --diff reports nothing of it as removed)
            report.files.append(relative(str(name), root))
    if baseline is not None:
        fragments.extend(_baseline_fragments(merge(iter(fragments)), baseline, settings, root, report))
    report.servers = [server.to_json() for server in merge(iter(fragments))]
    return report


def _file_fragments(path: str, settings: Settings, root: str, report: ContractReport) -> list:
    """The server fragments of one file (its problem, if any, added to ``report``)."""
    from mcplint.contract.export import file_servers, relative
    from mcplint.engine import models_of

    known_problems = len(report.problems)
    fragments = [fragment for _name, model, locate in models_of([path], settings, report.problems)
                 for fragment in file_servers(model, locate, root)]
    if len(report.problems) > known_problems:
        report.unreadable.append(relative(path, root))
    return fragments


def _baseline_fragments(servers: list, baseline: dict[str, Any], settings: Settings, root: str,
                        report: ContractReport) -> list:
    """The fragments, from modules not read yet, of the servers in ``servers`` that the
    ``baseline`` lists: each such module named by the baseline server is modelled and its
    fragments of the same server (same constructing file and line) kept."""
    from mcplint.contract.diff import match_servers

    current = [server.to_json() for server in servers]
    old_servers = [server for server in baseline.get("servers", []) if isinstance(server, dict)]
    read = set(report.files)
    extra: list = []
    for old, new in match_servers(old_servers, current):
        if old is None or new is None:
            continue
        for file in sorted(_server_files(old) - read):
            read.add(file)
            path = os.path.join(root, file)
            if not os.path.isfile(path):
                continue  # the module is gone: its items are really removed
            extra.extend(fragment for fragment in _file_fragments(path, settings, root, report)
                         if (fragment.file, fragment.line) == (new["file"], new["line"]))
    return extra


def _server_files(server: dict[str, Any]) -> set[str]:
    """The modules a contract server names: its constructor's and its items'."""
    files = {server.get("file")}
    for section in ("prompts", "tools", "resources", "resource_templates"):
        for item in server.get(section) or ():
            if isinstance(item, dict):
                files.add(item.get("file"))
    return {file for file in files if isinstance(file, str)}


def render_json(report: ContractReport) -> str:
    """Deterministic JSON: sorted keys, two-space indent, a final newline."""
    return json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def render_text(report: ContractReport) -> str:
    """A readable table: one block per server, one line per item and argument."""
    lines: list[str] = []
    for server in report.servers:
        where = f"{server['file']}:{server['line']}" if server["file"] else "(constructed outside the linted files)"
        state = "" if server["complete"] else "  (incomplete)"
        lines.append(f"server {server['name'] or '?'} ({server['stack']}) {where}{state}")
        for section in ("prompts", "tools", "resources", "resource_templates"):
            items = server[section]
            if items is None:
                lines.append(f"  {section}: unknown")
                continue
            for item in items:
                lines.extend(_item_lines(section, item))
        for reason in server["reasons"]:
            lines.append(f"  ? {reason}")
    if not report.servers:
        lines.append("No servers found.")
    return "\n".join(lines) + "\n"


def _item_lines(section: str, item: dict[str, Any]) -> list[str]:
    kind = {"prompts": "prompt", "tools": "tool", "resources": "resource", "resource_templates": "template"}[section]
    label = item.get("name") if kind in ("prompt", "tool") else item.get("uri", item.get("uri_template"))
    lines = [f"  {kind:<8} {label:<32} {item['file']}"]
    if kind == "prompt":
        for argument in item["arguments"] or ():
            required = {True: "required", False: "optional", None: "required?"}[argument["required"]]
            lines.append(f"    {argument['name']:<30} {required}")
        if item["arguments"] is None:
            lines.append("    (arguments unknown)")
    if kind == "tool":
        schema = item["input_schema"]
        if schema is None:
            lines.append("    (input schema unknown)")
        else:
            required = set(schema.get("required", []))
            for name in schema.get("properties", {}):
                lines.append(f"    {name:<30} {'required' if name in required else 'optional'}")
    return lines
