"""The command-line side of ``--fix``, ``--diff``, ``--show-fixes`` and ``--add-noqa``.

Kept out of :mod:`mcplint.cli` so that the click layer stays small; the work itself is in
:mod:`mcplint.fixes`. Output follows ruff:

* ``--fix``: the remaining findings in the chosen format, then (text formats) ``Found 3
  errors (2 fixed, 1 remaining).``; with ``--show-fixes`` first ``Fixed 2 errors:`` and, per
  file, ``1 × MCP201 (generic-error-for-invalid-params)``. Exit code by the remaining findings.
* ``--diff``: a unified diff per changed file on stdout, ``Would fix 2 errors.`` on stderr;
  nothing is written; exit 1 when anything would change, else 0.
* ``--add-noqa``: ``Added 3 noqa directives.`` on stderr; exit 0.
* ``--fix-only``: fixes, then only ``Fixed 2 errors.`` on stderr (nothing when nothing was
  fixed); exit 0, as in ruff.
* ``--exit-non-zero-on-fix``: exit 1 whenever something was fixed.
* stdin (``-`` or ``--stdin-filename``): ``--fix`` prints the fixed source on stdout and the
  remaining findings on stderr; ``--diff`` prints the diff (:func:`fix_stdin`).

Exit 2 wins whenever a path is missing or a file cannot be read or written.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

import click

from mcplint.config import Settings
from mcplint.diagnostics import Applicability, Diagnostic
from mcplint.fixes import FileResult, fix_file, is_applicable
from mcplint.reporters import TEXT_FORMATS, severity_counts

if TYPE_CHECKING:
    from mcplint.discovery import Discovery


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def fix_paths(targets: list[Path], settings: Settings, options) -> int:
    """Run ``--fix`` / ``--diff`` / ``--add-noqa`` (``options``: :class:`mcplint.cli.CheckOptions`)
    over the files under ``targets``; print the report; return the exit code."""
    from mcplint.cli import (
        EXIT_CLEAN,
        EXIT_ERROR,
        EXIT_FINDINGS,
        error,
        exit_code,
        read_text,
        report,
        report_other_configs,
    )
    from mcplint.discovery import discover_files

    found = discover_files(list(targets), settings)
    for message in found.missing_messages():
        error(message)
    if options.add_noqa:
        from mcplint.fixes import add_noqa_files

        results = add_noqa_files(found.files, settings, options.noqa_reason, frozenset(found.named))
    else:
        results = _fix_all(found, settings, options)
    failed = report_other_configs(found.names, settings, options) or bool(found.missing)
    for result in results:
        if result.error:
            error(result.error)
            failed = True
        for diagnostic in result.rejected:
            error(f"{diagnostic.path}:{diagnostic.span.start.line}: {diagnostic.code} fix skipped: "
                  f"the fixed code would not parse; please report it")
    if options.add_noqa:
        click.echo(f"Added {_plural(sum(r.noqa_added for r in results), 'noqa directive')}.", err=True)
        return EXIT_ERROR if failed else EXIT_CLEAN
    if options.diff:
        for result in results:
            click.echo(result.diff(), nl=False)
        fixed = sum(len(r.applied) for r in results if r.changed)
        click.echo(f"Would fix {_plural(fixed, 'error')}." if fixed else "No errors would be fixed.", err=True)
        if failed:
            return EXIT_ERROR
        return EXIT_FINDINGS if any(r.changed for r in results) and not options.exit_zero else EXIT_CLEAN
    fixed = sum(len(r.applied) for r in results if r.written)
    fix_failed = _fix_exit(fixed, options)
    if options.fix_only:
        return _fix_only_report(fixed, failed, options)
    remaining = sorted((d for r in results for d in r.remaining), key=lambda d: d.sort_key)
    text_format = options.output_format in TEXT_FORMATS
    if options.show_fixes:
        click.echo(applied_listing(results), nl=False, err=not text_format)
    quiet_options = options if not text_format else _without_summary(options)
    report(remaining, quiet_options, read_text)
    if text_format and not options.quiet:
        applied = [d for r in results if r.written for d in r.applied]
        click.echo(fix_summary(applied, remaining, options.unsafe_fixes), err=True)
    return max(exit_code(remaining, failed=failed, exit_zero=options.exit_zero), fix_failed)


def _fix_all(found: Discovery, settings: Settings, options) -> list[FileResult]:
    """:func:`mcplint.fixes.fix_file` on each discovered file (a named one linted even without
    MCP code), with the progress line of a long run on a terminal."""
    from mcplint.progress import progress_line, wanted

    results = []
    total = len(found.files)
    with progress_line(not options.quiet and wanted()) as progress:
        progress(0, total)
        for path, absolute in zip(found.files, found.absolute):
            results.append(fix_file(path, settings, unsafe=options.unsafe_fixes, write=not options.diff,
                                    add_noqa=options.add_noqa, noqa_reason=options.noqa_reason,
                                    explicit=absolute in found.named))
            progress(len(results), total)
    return results


def fix_stdin(filename: str, settings: Settings, options) -> int:
    """``--fix`` / ``--diff`` on source read from stdin as ``filename``, as ruff does: with
    ``--fix`` the fixed source goes to stdout (all of it, changed or not) and the remaining
    findings and the summary to stderr; with ``--diff`` the diff goes to stdout and ``Would
    fix N errors.`` to stderr. No file is read or written as ``filename``. The exit code."""
    from mcplint.cli import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, error, exit_code, read_text, report
    from mcplint.fixes import fix_source

    data = sys.stdin.buffer.read()
    result, fixed = fix_source(data, filename, settings, unsafe=options.unsafe_fixes)
    failed = result.error is not None
    if failed:
        error(result.error)
    for diagnostic in result.rejected:
        error(f"{diagnostic.path}:{diagnostic.span.start.line}: {diagnostic.code} fix skipped: "
              f"the fixed code would not parse; please report it")
    applied = result.applied if result.changed and not failed else []
    count = len(applied)
    if options.diff:
        click.echo(result.diff() if not failed else "", nl=False)
        click.echo(f"Would fix {_plural(count, 'error')}." if count else "No errors would be fixed.", err=True)
        return EXIT_ERROR if failed else (EXIT_FINDINGS if count and not options.exit_zero else EXIT_CLEAN)
    out = sys.stdout.buffer
    out.write(fixed)
    out.flush()
    if options.fix_only:  # as for files: only the count of fixes
        return _fix_only_report(count, failed, options)
    remaining = result.remaining
    text = result.new

    def source_of(path: str) -> str | None:
        return text if path == filename else read_text(path)

    report(remaining, _without_summary(options), source_of, to_stderr=True)
    if options.output_format in TEXT_FORMATS and not options.quiet:
        click.echo(fix_summary(applied, remaining, options.unsafe_fixes), err=True)
    return exit_code(remaining, failed=failed, exit_zero=options.exit_zero)


def _fix_exit(fixed: int, options) -> int:
    """``--exit-non-zero-on-fix``: 1 when something was fixed (not under ``--exit-zero``), else 0."""
    from mcplint.cli import EXIT_CLEAN, EXIT_FINDINGS

    return EXIT_FINDINGS if options.exit_non_zero_on_fix and fixed and not options.exit_zero else EXIT_CLEAN


def _fix_only_report(fixed: int, failed: bool, options) -> int:
    """``--fix-only``: ``Fixed N errors.`` on stderr when something was fixed; the exit code
    (2 when a file failed, else 0, or 1 with ``--exit-non-zero-on-fix``), as in ruff."""
    from mcplint.cli import EXIT_ERROR

    if fixed and not options.quiet:
        click.echo(f"Fixed {_plural(fixed, 'error')}.", err=True)
    return EXIT_ERROR if failed else _fix_exit(fixed, options)


def _without_summary(options):
    from dataclasses import replace

    return replace(options, quiet=True)


def fix_summary(fixed: list[Diagnostic], remaining: list[Diagnostic], unsafe: bool) -> str:
    """``Found 3 errors (2 fixed, 1 remaining).`` (``Found 2 errors and 1 warning (...)``: each
    severity counted apart), ``All checks passed!`` when none were found, plus ruff's hint
    when unsafe fixes were held back."""
    if not fixed and not remaining:
        return "All checks passed!"
    line = f"Found {severity_counts(fixed + remaining)} ({len(fixed)} fixed, {len(remaining)} remaining)."
    hidden = 0 if unsafe else sum(1 for d in remaining if is_applicable(d.fix, True))
    if hidden:
        line += (f"\nNo fixes available ({hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled "
                 "with the `--unsafe-fixes` option).")
    return line


def applied_listing(results: Iterable[FileResult]) -> str:
    """ruff's ``--show-fixes`` block: ``Fixed N errors:`` then per file a count per code."""
    per_file = [(r.path, r.applied) for r in results if r.written and r.applied]
    total = sum(len(applied) for _, applied in per_file)
    if not total:
        return ""
    return f"Fixed {_plural(total, 'error')}:\n" + _listing(per_file) + "\n"


def _listing(per_file) -> str:
    lines = []
    for path, diagnostics in per_file:
        lines.append(f"- {path}:")
        counts = Counter((d.code, d.name) for d in diagnostics)
        for (code, name), count in sorted(counts.items()):
            lines.append(f"    {count} × {code} ({name})")
    return "".join(line + "\n" for line in lines)


def show_applicable(diagnostics: list[Diagnostic], unsafe: bool) -> None:
    """``--show-fixes`` without ``--fix``: per file, the findings ``--fix`` would fix (stderr).
    When there are none, the line a report without the flag ends with (ruff's ``No fixes
    available (...)`` when only unsafe fixes are held back), else nothing, as ruff prints
    nothing for it: never "0 errors fixable"."""
    by_file: dict[str, list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        if is_applicable(diagnostic.fix, unsafe):
            by_file.setdefault(diagnostic.path, []).append(diagnostic)
    total = sum(len(found) for found in by_file.values())
    if not total:
        if (hint := fixable_hint(diagnostics, unsafe)) is not None:
            click.echo(hint, err=True)
        return
    click.echo(_fixable_line(total, _hidden_fixes(diagnostics, unsafe)) + ":", err=True)
    click.echo(_listing(sorted(by_file.items())), nl=False, err=True)


def fixable_hint(diagnostics: list[Diagnostic], unsafe: bool) -> str | None:
    """ruff's line under the summary, ``[*] 2 fixable with the `--fix` option.`` (or ``No fixes
    available (1 hidden fix can be enabled with the `--unsafe-fixes` option).``), or None when
    no finding has a fix that ``--fix`` or ``--unsafe-fixes`` would apply."""
    total = sum(1 for d in diagnostics if is_applicable(d.fix, unsafe))
    hidden = _hidden_fixes(diagnostics, unsafe)
    held = f"{hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled with the `--unsafe-fixes` option"
    if total:
        return f"[*] {total} fixable with the `--fix` option" + (f" ({held})." if hidden else ".")
    return f"No fixes available ({held})." if hidden else None


def _hidden_fixes(diagnostics: list[Diagnostic], unsafe: bool) -> int:
    """Unsafe fixes that only ``--unsafe-fixes`` would apply."""
    return 0 if unsafe else sum(
        1 for d in diagnostics if d.fix is not None and d.fix.edits and d.fix.applicability is Applicability.UNSAFE)


def _fixable_line(total: int, hidden: int) -> str:
    message = f"[*] {_plural(total, 'error')} fixable with the `--fix` option"
    if hidden:
        message += f" ({hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled with the `--unsafe-fixes` option)"
    return message
