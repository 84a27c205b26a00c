"""``mcplint contract``: print, write or diff the contract (the click layer in
:mod:`mcplint.cli` only parses options and calls :func:`run`).

Exit codes: 0 when every path was read (and, for ``--diff``, no change is breaking), 1 for
``--diff`` with a breaking change, 2 for a usage error, a missing path or a file that could
not be read or modelled (the others are still reported).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from mcplint.config import Settings
from mcplint.contract import ContractReport, build_contract, render_json, render_text
from mcplint.contract.baseline import BaselineError, baseline_for_paths, contract_path, load_baseline, write_lockfile
from mcplint.contract.diff import Change, diff_servers, match_servers, server_label

EXIT_CLEAN, EXIT_BREAKING, EXIT_ERROR = 0, 1, 2


@dataclass(frozen=True)
class ContractOptions:
    """What the user asked: ``output_format`` (``json``/``text``), ``write``, ``diff``, ``base`` (a git ref)."""

    output_format: str = "json"
    write: bool = False
    diff: bool = False
    base: str | None = None


def run(targets: list[Path], settings: Settings, options: ContractOptions,
        echo: Callable[[str], None], error: Callable[[str], None], note: Callable[[str], None] = lambda _: None) -> int:
    """Run the command; ``echo`` prints to stdout, ``error`` an error and ``note`` a remark to
    stderr. Returns the exit code."""
    if options.write and (options.diff or options.base):
        error("--write cannot be combined with --diff or --contract-base")
        return EXIT_ERROR
    try:
        baseline = _baseline(targets, settings, options)
    except BaselineError as exc:
        error(str(exc))
        return EXIT_ERROR
    report = build_contract(targets, settings, baseline)
    for message in report.missing + report.problems:
        error(message)
    failed = bool(report.missing or report.problems)
    if options.write:
        try:
            path = write_lockfile(report, settings)
        except OSError as exc:
            error(f"cannot write the contract file: {exc}")
            return EXIT_ERROR
        note(f"Wrote {path}")
        return EXIT_ERROR if failed else EXIT_CLEAN
    if not options.diff:
        echo(render_json(report) if options.output_format == "json" else render_text(report))
        return EXIT_ERROR if failed else EXIT_CLEAN
    if baseline is None:
        error(f"no baseline: write one with `mcplint contract --write` ({contract_path(settings)}) "
              "or give --contract-base REF")
        return EXIT_ERROR
    changes = contract_changes(baseline, report)
    echo(render_changes(changes, options.output_format))
    if failed:
        return EXIT_ERROR
    return EXIT_BREAKING if any(change.breaking for change in changes) else EXIT_CLEAN


def _baseline(targets: list[Path], settings: Settings, options: ContractOptions) -> dict | None:
    """The contract the servers are completed from: for ``--write`` the lockfile being
    updated (so items of files not read are kept), for ``--diff`` the baseline compared
    with. Raises :class:`BaselineError` for ``--diff`` with an unreadable baseline."""
    if options.write:
        try:
            return load_baseline(contract_path(settings))
        except BaselineError:
            return None  # unreadable: replaced
    if options.diff:
        return baseline_for_paths(targets, settings, options.base)
    return None


def contract_changes(baseline: dict, report: ContractReport) -> list[Change]:
    """The changes from ``baseline`` to ``report``, for the servers the linted files construct
    or register on (a baseline server none of them touches is left out), breaking first."""
    linted = set(report.files)
    unreadable = set(report.unreadable)
    changes: list[Change] = []
    for old, new in match_servers(baseline.get("servers", []), report.servers):
        if old is not None and new is None and old.get("file") not in linted:
            continue  # a server of files not read this time
        if old is not None and new is not None:
            # an item of a module that did not parse is not known to be gone
            changes.extend(change for change in diff_servers(old, new)
                           if not (change.removed and change.old_file in unreadable))
        elif old is not None:
            for section in ("prompts", "tools", "resources", "resource_templates"):
                for item in old.get(section) or ():
                    key = str(item.get("uri", item.get("uri_template", item.get("name"))))
                    changes.append(Change("MCP701", server_label(old), section, key, None,
                                          f"Server {server_label(old)} is no longer found, and with it '{key}'",
                                          removed=True, old_file=item.get("file")))
        elif new is not None:
            changes.append(Change(None, server_label(new), "servers", str(new.get("name")), None,
                                  f"Server {server_label(new)} is new"))
    return sorted(changes, key=lambda change: (not change.breaking, change.server, change.code or "", change.item,
                                               change.part or ""))


def render_changes(changes: list[Change], output_format: str) -> str:
    """The changes as JSON (``{"changes": [{"code", "breaking", "server", "section", "item",
    "part", "message"}]}``) or text (one line each)."""
    if output_format == "json":
        import json

        data = {"changes": [{"code": c.code, "breaking": c.breaking, "server": c.server, "section": c.section,
                             "item": c.item, "part": c.part, "message": c.message} for c in changes]}
        return json.dumps(data, indent=2, sort_keys=True) + "\n"
    if not changes:
        return "No changes against the baseline.\n"
    lines = [f"{change.code or 'compatible':<10} {change.message}" for change in changes]
    breaking = sum(change.breaking for change in changes)
    lines.append(f"{len(changes)} change{'s' if len(changes) != 1 else ''}, {breaking} breaking.")
    return "\n".join(lines) + "\n"
