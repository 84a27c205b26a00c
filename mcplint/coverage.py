"""The model's reach: every server found, what it declares, and whether each handler was analysed.

``mcplint --show-coverage PATH`` prints it. A prompt or tool is *analysed* when the model
found its handler and walked it with the arguments followed to the end; *partly* when the
arguments escaped into code the model did not follow (reads there are unknown, so rules
stay silent about them); *not analysed* when no handler was found. Each place where the
analysis lost the thread is listed as a gap, with its file and line, so a user (and we)
can see what mcplint did not see.

The report is built from the same model the rules query (:func:`mcplint.engine.model_of`),
file by file, and merged per server: a server is identified by where it is constructed, so
prompts registered on it from several modules land under one entry.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

from mcplint.config import Settings


@dataclass
class ItemCoverage:
    """One declared prompt or tool: ``status`` is ``analysed``, ``partly`` or ``not analysed``."""

    kind: str
    name: str | None
    file: str
    line: int
    status: str
    reason: str | None = None


@dataclass
class GapReport:
    """A place where the model lost the thread."""

    file: str
    line: int
    message: str


@dataclass
class ServerCoverage:
    """A server: where it is made (``file``/``line``, None when not in the linted files),
    how the linted files refer to it, its stack, its items and its gaps."""

    variable: str
    stack: str
    file: str | None
    line: int | None
    prompts: list[ItemCoverage] = field(default_factory=list)
    tools: list[ItemCoverage] = field(default_factory=list)
    gaps: list[GapReport] = field(default_factory=list)


@dataclass
class CoverageReport:
    """Everything ``--show-coverage`` prints; ``problems`` are files that could not be modelled."""

    servers: list[ServerCoverage] = field(default_factory=list)
    gaps: list[GapReport] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Totals: servers; prompts and tools declared, analysed and ``partly`` analysed (the
        two are apart: ``analysed`` counts only handlers followed to the end); gaps."""
        prompts = [item for server in self.servers for item in server.prompts]
        tools = [item for server in self.servers for item in server.tools]
        return {
            "servers": len(self.servers),
            "prompts": len(prompts), "prompts_analysed": sum(item.status == "analysed" for item in prompts),
            "prompts_partly": sum(item.status == "partly" for item in prompts),
            "tools": len(tools), "tools_analysed": sum(item.status == "analysed" for item in tools),
            "tools_partly": sum(item.status == "partly" for item in tools),
            "gaps": len(self.gaps) + sum(len(server.gaps) for server in self.servers),
        }


def coverage(paths: Sequence[Path], settings: Settings | None = None) -> CoverageReport:
    """Build the coverage report for the Python files under ``paths`` (as ``check`` finds them).

    Never raises for a file it cannot model: that file is listed in ``problems``; paths that
    do not exist are listed in ``missing``.
    """
    from mcplint.discovery import discover_files
    from mcplint.engine import models_of

    settings = settings or Settings()
    discovery = discover_files(list(paths), settings)
    report = CoverageReport(missing=discovery.missing_messages())
    servers: dict[tuple, ServerCoverage] = {}
    for name, model, locate in models_of(discovery.names, settings, report.problems):
        for gap in model.gaps:
            report.gaps.append(GapReport(*locate(gap.node), gap.message))
        for server in model.servers:
            _add_server(servers, server, locate, name)
    for entry in servers.values():  # registrations from other modules may have filled it
        if entry.prompts or entry.tools:
            entry.gaps = [gap for gap in entry.gaps if not any(gap is other for other in _when_empty(entry))]
    report.servers = sorted(servers.values(), key=lambda s: (s.file or "", s.line or 0, s.variable))
    for server in report.servers:
        for items in (server.prompts, server.tools):
            items.sort(key=lambda item: (item.file, item.line, item.name or ""))
    report.gaps.sort(key=lambda gap: (gap.file, gap.line))
    return report


def _add_server(servers: dict, server, locate, name: str) -> None:
    origin = server.constructor
    file, line = locate(origin) if origin is not None else (None, None)
    key = (os.path.realpath(file), line) if file is not None else (os.path.realpath(name), server.variable)
    entry = servers.get(key)
    if entry is None:
        entry = servers[key] = ServerCoverage(server.variable, server.stack.value, file, line)
    if server.node is not None:  # the constructing module's own name for it
        entry.variable, entry.file = server.variable, file
    for gap in server.gaps:
        report = GapReport(*locate(gap.node), gap.message)
        if report not in entry.gaps:
            entry.gaps.append(report)
            if gap.when_empty:
                _when_empty(entry).append(report)
    for handler in server.handlers:
        items = entry.prompts if handler.kind == "prompt" else entry.tools
        for item in _items(handler, locate):
            _append(items, item)
    for handler in server.signature_tools:
        for item in _items(handler, locate):
            _append(entry.tools, item)


def _when_empty(entry: ServerCoverage) -> list[GapReport]:
    """The gaps of ``entry`` that only explain an empty server (kept off the JSON fields)."""
    if "_when_empty" not in entry.__dict__:
        entry.__dict__["_when_empty"] = []
    return entry.__dict__["_when_empty"]


def _items(handler, locate) -> list[ItemCoverage]:
    if handler.declarations is None and handler.dispatched:
        return _dispatched_items(handler, locate)
    if handler.declarations is None:
        file, line = locate(handler.function)
        return [ItemCoverage(handler.kind, None, file, line, "partly",
                             f"the {handler.kind}s this handler serves are not known statically")]
    items = []
    for declaration in handler.declarations:
        file, line = locate(declaration.node)
        status, reason = _escape_status(handler, declaration.name, locate)
        items.append(ItemCoverage(handler.kind, declaration.name, file, line, status, reason))
    return items


def _dispatched_items(handler, locate) -> list[ItemCoverage]:
    """One item per entry of the dispatch map built at run time that the handler looks names up
    in, named by its key as written (``f"analyze_{a.name}"`` stands for every name it builds):
    the handler's code is followed, but with no declaration its arguments cannot be judged."""
    items = []
    for written, node in handler.dispatched:
        try:
            file, line = locate(node)
        except KeyError:  # a node the model made up: listed at the handler
            file, line = locate(handler.function)
        items.append(ItemCoverage(handler.kind, written, file, line, "partly",
                                  "declared at run time: its arguments are not checked"))
    return items


def _escape_status(handler, name: str, locate) -> tuple[str, str | None]:
    """``analysed``, or ``partly`` with the first place where the arguments mapping escaped
    on the path serving ``name`` (an escape in another prompt's branch does not concern it)."""
    if not handler.escaped:
        return "analysed", None
    sites = [site for site, served in handler.escapes if served is None or name in served]
    if handler.escapes and not sites:
        return "analysed", None
    site = sites[0] if sites else handler.escape_node
    try:
        file, line = locate(site) if site is not None else (None, None)
    except KeyError:  # a node the model made up: the report goes on without the place
        file, line = None, None
    reasons = getattr(handler, "escape_reasons", {})  # a stand-in handler may have none
    reason = reasons.get(id(site)) if site is not None else None
    if reason is not None:
        where = f" at {file}:{line}" if file is not None else ""
        return "partly", f"the arguments mapping escapes{where} into {reason}"
    if file is None:
        return "partly", "the arguments mapping escapes into code that was not followed"
    return "partly", f"the arguments mapping escapes at {file}:{line} into code that was not followed"


def _append(items: list, item) -> None:
    """Add ``item`` once. A declaration served by two handlers (a get handler handing the
    mapping to a handler object, then that object's method) is listed once: as analysed
    when one of them analysed it, else with the later, more specific handler's reason."""
    if item in items:
        return
    if isinstance(item, ItemCoverage) and item.name is not None:
        same = [other for other in items if isinstance(other, ItemCoverage)
                and (other.kind, other.name, other.file, other.line) == (item.kind, item.name, item.file, item.line)]
        if any(other.status == "analysed" for other in same) and item.status != "analysed":
            return
        for other in same:
            items.remove(other)
    items.append(item)


#: The width of the name column of the text report (wider for a server with longer names).
_NAME_COLUMN = 32


def render_text(report: CoverageReport) -> str:
    """The report as text: one block per server, then unresolved registrations, then totals."""
    lines: list[str] = []
    for server in report.servers:
        where = f"{server.file}:{server.line}" if server.file else "(where it is made was not followed; see its gap)"
        lines.append(f"server `{server.variable}` ({server.stack}) {where}")
        items = server.prompts + server.tools
        # Names longer than the usual column widen it for this server, so statuses stay aligned.
        width = max([_NAME_COLUMN, *(len(item.name or "?") for item in items)])
        for item in items:
            name = item.name if item.name is not None else "?"
            detail = f"  ({item.reason})" if item.reason else ""
            lines.append(f"  {item.kind:<6} {name:<{width}} {item.status:<12} {item.file}:{item.line}{detail}")
        if not server.prompts and not server.tools:
            lines.append("  (no prompt or tool handler found)")
        for gap in server.gaps:
            lines.append(f"  gap    {gap.file}:{gap.line}: {gap.message}")
    if report.gaps:
        lines.append("not resolved to a server:")
        lines.extend(f"  {gap.file}:{gap.line}: {gap.message}" for gap in report.gaps)
    counts = report.counts()
    lines.append(
        f"Coverage: {counts['servers']} server{'s' if counts['servers'] != 1 else ''}; "
        f"{_kind_total(counts, 'prompts')}; {_kind_total(counts, 'tools')}; "
        f"{counts['gaps']} gap{'s' if counts['gaps'] != 1 else ''}"
    )
    return "\n".join(lines) + "\n"


def _kind_total(counts: dict[str, int], kind: str) -> str:
    """``tools 40/52 analysed``, with ``(3 partly)`` after it when some were followed only part of the way."""
    total = f"{kind} {counts[kind + '_analysed']}/{counts[kind]} analysed"
    partly = counts[kind + "_partly"]
    return f"{total} ({partly} partly)" if partly else total


def render_json(report: CoverageReport) -> str:
    """The report as JSON: ``{"servers": [...], "gaps": [...], "problems": [...], "missing": [...],
    "summary": {...}}``. Every ``file`` is absolute, as ``check``'s JSON ``filename`` (the text
    report spells a file as the run found it: relative to the working directory when under it,
    so a module linked from outside it is absolute there)."""
    data = {
        "servers": [_with_absolute_files(asdict(server)) for server in report.servers],
        "gaps": [_with_absolute_files(asdict(gap)) for gap in report.gaps],
        "problems": report.problems,
        "missing": report.missing,
        "summary": report.counts(),
    }
    return json.dumps(data, indent=2) + os.linesep


def _with_absolute_files(value):
    """``value`` (a dict of :func:`dataclasses.asdict`) with every ``file`` made absolute."""
    if isinstance(value, dict):
        return {key: (os.path.abspath(item) if key == "file" and isinstance(item, str) else _with_absolute_files(item))
                for key, item in value.items()}
    if isinstance(value, list):
        return [_with_absolute_files(item) for item in value]
    return value
