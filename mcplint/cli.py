"""The ``mcplint`` command line: a thin click layer over :mod:`mcplint.engine`.

``mcplint [OPTIONS] [PATH]...`` is ``mcplint check [OPTIONS] [PATH]...``; ``mcplint rule``
prints rule documentation and ``mcplint server`` starts the language server. A subcommand
wins only when the first argument is exactly its bare name, so ``mcplint ./server`` and
``mcplint check server`` lint a folder named ``server``.

Exit codes: 0 no findings, 1 findings (a syntax error, MCP000, is one), 2 a usage or config
error, a missing path, an unreadable file or an internal error (MCP002). 2 wins over 1.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sys
import time
import traceback
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence

import click

from mcplint import __version__
from mcplint.cli_flags import CheckCommand, report_streams, ruff_options, settings_from_flags, split_config, use_color
from mcplint.config import (
    ALL,
    ConfigError,
    Settings,
    find_config,
    has_mcplint_table,
    ignored_configs,
    load_settings,
    other_configs,
    toml_problem,
)
from mcplint.diagnostics import Diagnostic
from mcplint.docs import all_rule_docs, rule_doc
from mcplint.formats import Palette
from mcplint.reporters import FORMATS, TEXT_FORMATS, ReadSource, render, render_statistics, summary
from mcplint.syntax import TARGET_VERSIONS

INTERNAL_ERROR = "MCP002"
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class DefaultGroup(click.Group):
    """A group whose unknown first argument (a path, an option, nothing) means ``check``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Run ``check`` when there are no arguments at all."""
        return super().parse_args(ctx, args or ["check"])

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The subcommand named exactly by ``args[0]``, else ``check`` with all of ``args``."""
        if args and args[0] in self.commands:
            return super().resolve_command(ctx, args)
        return "check", self.commands["check"], args


#: Errors of writing a report or a file (no space, an I/O error, over a size or quota limit, a
#: read-only file system): ``main`` names them in one line instead of as a crash of mcplint.
OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EROFS})


def fail(message: str) -> NoReturn:
    """Print ``mcplint: error: <message>`` to stderr and exit 2."""
    error(message)
    sys.exit(EXIT_ERROR)


def error(message: str) -> None:
    """Print ``mcplint: error: <message>`` to stderr."""
    click.echo(f"mcplint: error: {message}", err=True)


@click.group(
    cls=DefaultGroup,
    context_settings={
        "ignore_unknown_options": True,
        "allow_interspersed_args": False,
        "help_option_names": ["-h", "--help"],
    },
)
@click.version_option(__version__, prog_name="mcplint", message="%(prog)s %(version)s")
def cli() -> None:
    """Lint Python MCP servers. `mcplint [PATH]...` is short for `mcplint check [PATH]...`."""


@dataclass(frozen=True)
class CheckOptions:
    """The ``check`` flags that shape settings and output (selectors already split)."""

    select: tuple[str, ...] | None
    ignore: tuple[str, ...]
    extend_select: tuple[str, ...]
    preview: bool | None
    output_format: str
    statistics: bool
    exit_zero: bool
    quiet: bool
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False
    show_fixes: bool = False
    add_noqa: bool = False
    noqa_reason: str | None = None
    fix_only: bool = False
    exit_non_zero_on_fix: bool = False
    silent: bool = False
    verbose: bool = False
    color: bool = False
    config_chosen: bool = False  # --config FILE or --isolated: no other config is looked for


def split_selectors(values: Sequence[str]) -> tuple[str, ...]:
    """``("MCP1,MCP2", "MCP301")`` -> ``("MCP1", "MCP2", "MCP301")``, upper-cased."""
    return tuple(part.strip().upper() for value in values for part in value.split(",") if part.strip())


@cli.command("check", cls=CheckCommand)
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path(path_type=Path))
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Rules to run (codes or prefixes, comma-separated); replaces the config's.",
)
@click.option("--ignore", multiple=True, metavar="CODES", help="Rules to skip, added to the config's.")
@click.option("--extend-select", multiple=True, metavar="CODES", help="Rules to run on top of the selection.")
@click.option(
    "--output-format",
    type=click.Choice(FORMATS),
    default="full",
    envvar="MCPLINT_OUTPUT_FORMAT",
    show_default=True,
    show_envvar=True,
    help="How to print findings.",
)
@click.option("--statistics", is_flag=True, help="Print the count of findings per code instead.")
@click.option("-e", "--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option(
    "--config",
    "config_values",
    multiple=True,
    metavar="PATH | KEY=VALUE",
    help="The config file to use instead of the nearest one (a pyproject.toml with [tool.mcplint], or an "
         "mcplint.toml), or a TOML `KEY = VALUE` pair overriding one setting (repeatable: "
         "`--config \"select = ['MCP1']\"`).",
)
@click.option("--preview/--no-preview", default=None, help="Enable (or disable) preview rules.")
@click.option("--stdin-filename", metavar="NAME", help="Lint the source read from stdin as the file NAME.")
@click.option(
    "--jobs", type=click.IntRange(min=1), help="Worker processes (default: one per CPU when there are enough files)."
)
@click.option(
    "-n",
    "--no-cache",
    is_flag=True,
    envvar="MCPLINT_NO_CACHE",
    show_envvar=True,
    help="Neither read nor write the .mcplint_cache folder.",
)
@click.option("--force-exclude/--no-force-exclude", default=None,
              help="Apply `exclude` to files named on the command line too (for pre-commit).")
@click.option("--target-version", type=click.Choice(TARGET_VERSIONS),
              help="The Python the code is meant for (as in ruff); every version's syntax is parsed whatever Python runs mcplint.")
@click.option("--show-files", is_flag=True, help="Print the files that would be linted and exit.")
@click.option("--show-settings", is_flag=True, help="Print the settings in force for the first PATH and exit.")
@click.option("--show-coverage", is_flag=True,
              help="Print every server found, its prompts and tools, whether each handler was analysed, and where "
                   "the analysis lost the thread (text, or JSON with --output-format json); exit.")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary line.")
@click.option("--fix/--no-fix", default=False, help="Apply fixes (safe ones; unsafe ones too with --unsafe-fixes).")
@click.option("--unsafe-fixes", is_flag=True, help="Also apply (or show) fixes that may change behaviour.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff and write nothing; exit 1 if any.")
@click.option("--show-fixes", is_flag=True, help="List the fixes applied (with --fix) or applicable.")
@click.option("--add-noqa", is_flag=True,
              help="Add `# noqa: MCPxxx` comments for every current finding (`--add-noqa=REASON` adds a reason).")
@click.option("--contract-base", metavar="REF", help="Compare the contract with the same paths at git REF (MCP7xx).")
@ruff_options
def check(
    paths: tuple[Path, ...],
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    extend_select: tuple[str, ...],
    output_format: str,
    statistics: bool,
    exit_zero: bool,
    config_values: tuple[str, ...],
    preview: bool | None,
    stdin_filename: str | None,
    jobs: int | None,
    no_cache: bool,
    force_exclude: bool | None,
    target_version: str | None,
    show_files: bool,
    show_settings: bool,
    show_coverage: bool,
    quiet: bool,
    fix: bool,
    unsafe_fixes: bool,
    diff: bool,
    show_fixes: bool,
    add_noqa: bool,
    contract_base: str | None,
    **flags: Any,
) -> None:
    """Lint the Python files under PATH... (default: the current directory)."""
    if sum((quiet, flags["silent"], flags["verbose"])) > 1:
        fail("--quiet, --silent and --verbose cannot be combined")
    if flags["noqa_reason"] is not None and not flags["noqa_reason"].isprintable():
        # A line break would end the comment and write the rest into the file as code.
        fail("--add-noqa: the reason must be one line of printable text")
    config_path, fragments = split_config(config_values, flags["isolated"])
    options = CheckOptions(
        select=split_selectors(select) or None,
        ignore=split_selectors(ignore),
        extend_select=split_selectors(extend_select),
        preview=preview,
        output_format=output_format,
        statistics=statistics,
        exit_zero=exit_zero,
        quiet=quiet or flags["silent"],
        fix=fix or flags["fix_only"],
        unsafe_fixes=unsafe_fixes,
        diff=diff,
        show_fixes=show_fixes,
        add_noqa=add_noqa,
        noqa_reason=flags["noqa_reason"],
        fix_only=flags["fix_only"],
        exit_non_zero_on_fix=flags["exit_non_zero_on_fix"],
        silent=flags["silent"],
        verbose=flags["verbose"],
        config_chosen=config_path is not None or flags["isolated"],
    )
    targets = list(paths) or [Path(".")]
    if targets == [Path("-")] and stdin_filename is None:
        stdin_filename = "-"  # as in ruff: `-` alone reads the source from stdin
    anchor = Path(stdin_filename) if stdin_filename else targets[0]
    if force_exclude is not None:
        flags["force_exclude"] = force_exclude
    flags["target_version"] = target_version
    read_settings = partial(check_settings, config_path, anchor, options, flags, fragments)

    def settings_now() -> Settings:
        settings = read_settings()
        return settings if contract_base is None else with_contract_base(settings, contract_base, targets)

    settings = settings_now()
    with report_streams(flags["output_file"], options.silent) as stream:
        options = replace(options, color=use_color(flags["color"], stream))
        run = partial(run_check, targets, stdin_filename, options=options, jobs=jobs,
                      cache=not no_cache, cache_dir=flags["cache_dir"])
        if flags["watch"]:
            if stdin_filename is not None:
                fail("--watch works on files, not on stdin")
            from mcplint.housekeeping import watch

            # Each run reads the config again: a change to it is one of the changes watched.
            watched = [*targets, *([Path(settings.config_path)] if settings.config_path else [])]
            watch(watched, lambda: run(settings_now()), notify=click.echo,
                  lintable=partial(lintable_files, targets, settings_now))
            sys.exit(EXIT_CLEAN)
        if show_settings:
            sys.exit(print_settings(targets, anchor, settings, cache=not no_cache))
        if show_files:
            sys.exit(print_files(targets, settings))
        if show_coverage:
            sys.exit(print_coverage(targets, settings, output_format))
        code = run(settings)
    sys.exit(code)


def lintable_files(targets: list[Path], settings_now: Callable[[], Settings]) -> set[str]:
    """The absolute paths a lint of ``targets`` would read now (none while the config is broken)."""
    from mcplint.discovery import discover_files

    try:
        return set(discover_files(targets, settings_now()).absolute)
    except SystemExit:  # a config error, reported by the run itself
        return set()


def check_settings(config_path: Path | None, anchor: Path, options: CheckOptions, flags: dict[str, Any],
                   fragments: list[str]) -> Settings:
    """The settings of a ``check`` run: the config file (none with ``--isolated``), the
    ``--config`` fragments and every settings flag on top. Exits 2 for a bad config or flag."""
    settings = resolve_settings(config_path, anchor, options, isolated=flags["isolated"])
    settings = settings_from_flags(settings, flags, fragments, known_codes())
    if flags.get("force_exclude") is not None:
        settings = settings.with_overrides(force_exclude=flags["force_exclude"])
    if flags.get("target_version") is not None:
        settings = settings.with_overrides(target_version=flags["target_version"])
    debug(options, f"Using configuration file: {settings.config_path}" if settings.config_path
          else "No configuration file; using the default settings")
    return settings


def run_check(targets: list[Path], stdin_filename: str | None, settings: Settings, options: CheckOptions,
              jobs: int | None, *, cache: bool, cache_dir: Path | None) -> int:
    """One lint (or fix) of ``targets`` or of stdin, reported; the exit code. Exits 2 for
    flags that cannot go together."""
    if options.add_noqa and (options.fix or options.diff):
        fail("--add-noqa cannot be combined with --fix or --diff")
    if options.add_noqa and stdin_filename is not None:
        fail("--add-noqa works on files, not on --stdin-filename")
    if (options.fix or options.diff) and stdin_filename is not None:
        from mcplint.fix_cli import fix_stdin

        return fix_stdin(stdin_filename, settings, options)
    if options.fix or options.diff or options.add_noqa:
        from mcplint.fix_cli import fix_paths

        return fix_paths(targets, settings, options)
    if stdin_filename is not None:
        return check_stdin(stdin_filename, settings, options)
    return check_paths(targets, settings, jobs or os.cpu_count() or 1, options, cache=cache, cache_dir=cache_dir)


def debug(options: CheckOptions, message: str) -> None:
    """``--verbose``: ``mcplint: debug: <message>`` on stderr."""
    if options.verbose:
        click.echo(f"mcplint: debug: {message}", err=True)


def resolve_settings(config_path: Path | None, anchor: Path, options: CheckOptions, isolated: bool = False) -> Settings:
    """Settings from ``--config`` or the config nearest ``anchor`` (none with ``isolated``),
    with the CLI flags on top.

    Exits 2 (after printing the error) for a missing or invalid config or an unknown selector.
    """
    known = known_codes()
    if config_path is not None and not config_path.is_file():
        fail(f"config file not found: {config_path}")
    found = config_path or (None if isolated else find_config(anchor))
    try:
        settings = load_settings(found, known)
    except ConfigError as exc:
        fail(str(exc))
    if config_path is None and found is not None:
        for ignored in ignored_configs(found):
            click.echo(f"mcplint: warning: {ignored} is ignored: {found.name} in the same folder takes precedence "
                       f"(as in ruff: .mcplint.toml, then mcplint.toml, then pyproject.toml)", err=True)
    if config_path is not None and not has_mcplint_table(config_path):
        click.echo(f"mcplint: warning: {config_path} has no [tool.mcplint] table; using the default settings "
                   f"with {settings.project_root} as the project root", err=True)
    flags = {
        "--select": options.select or (),
        "--ignore": options.ignore,
        "--extend-select": options.extend_select,
    }
    for flag, selectors in flags.items():
        for selector in selectors:
            if selector != ALL and not any(code.startswith(selector) for code in known):
                fail(f"invalid value '{selector}' for '{flag}': unknown rule code or prefix")
    resolved = settings.with_overrides(**settings_overrides(settings, options))
    warn_preview_selection(resolved, options)
    return resolved


def with_contract_base(settings: Settings, ref: str, targets: list[Path]) -> Settings:
    """Settings whose baseline contract is ``targets`` at git ``ref``; exits 2 when it cannot be read."""
    from mcplint.contract.baseline import BaselineError, baseline_file_at_ref

    try:
        return settings.with_overrides(contract_baseline=str(baseline_file_at_ref(ref, targets, settings)))
    except BaselineError as exc:
        fail(str(exc))


def warn_preview_selection(settings: Settings, options: CheckOptions) -> None:
    """Like ruff: a selector naming only preview rules does nothing without ``--preview``; say so."""
    selectors = (options.select or ()) + options.extend_select
    if settings.preview or not selectors:
        return
    from mcplint.checks import ALL_RULES  # libcst too: only when there is something to check

    for selector in selectors:
        matched = [rule for rule in ALL_RULES if rule.code.startswith(selector)]
        if selector != ALL and matched and all(rule.preview for rule in matched):
            click.echo(f"mcplint: warning: selection '{selector}' has no effect: it names preview rules, "
                       f"enabled only with --preview (or preview = true)", err=True)


def settings_overrides(settings: Settings, options: CheckOptions) -> dict[str, Any]:
    """Settings fields the flags change: the selection flags are a layer over the config's
    (``--select`` replaces its selection, ``--extend-select`` / ``--ignore`` add and remove,
    like ruff)."""
    changes: dict[str, Any] = {}
    if options.select is not None or options.extend_select or options.ignore:
        # A layer on top of the config's, resolved as ruff does (mcplint.config.enabled_codes).
        layer = (options.select, options.extend_select, options.ignore)
        changes["command_line_selection"] = (*settings.command_line_selection, layer)
    if options.preview is not None:
        changes["preview"] = options.preview
    return changes


def known_codes() -> frozenset[str]:
    """The code of every registered rule, read from the names of the rule modules
    (``mcplint/checks/mcp101_required_argument_default.py`` is MCP101; a test checks they
    are ``mcplint.checks.ALL_RULES``): importing the rules would import libcst, which a run
    that the cache settles never needs."""
    folder = Path(__file__).resolve().parent / "checks"
    return frozenset(match[1].upper() for name in os.listdir(folder) if (match := _RULE_MODULE.fullmatch(name)))


_RULE_MODULE = re.compile(r"(mcp\d{3})_\w+\.py")


def print_settings(targets: list[Path], anchor: Path, settings: Settings, cache: bool) -> int:
    """``--show-settings``: print the settings in force for ``anchor``; exit code 0."""
    from mcplint.cache import CACHE_DIR_NAME, cache_root
    from mcplint.reporters import render_settings

    directory = cache_root(targets, settings) / CACHE_DIR_NAME if cache else None
    click.echo(render_settings(anchor, settings, cache_directory=directory), nl=False)
    return EXIT_CLEAN


def print_files(targets: list[Path], settings: Settings) -> int:
    """``--show-files``: print each file that would be linted; the exit code (2 if a path is missing)."""
    from mcplint.discovery import discover_files

    found = discover_files(targets, settings)
    for path in found.files:
        click.echo(str(path))
    for message in found.missing_messages():
        error(message)
    return EXIT_ERROR if found.missing else EXIT_CLEAN


#: ``--output-format`` values ``--show-coverage`` honours: its JSON, or its text for the text formats.
_COVERAGE_JSON_FORMATS = ("json", "json-lines")
_COVERAGE_TEXT_FORMATS = ("full", "concise", "grouped")


def print_coverage(targets: list[Path], settings: Settings, output_format: str) -> int:
    """``--show-coverage``: print the model's reach (:mod:`mcplint.coverage`); exit code 0,
    2 when a path is missing or a file could not be modelled (the others are still reported).
    An ``output_format`` that is neither JSON nor a text format (sarif, github, ...) is named
    in a warning and the text is shown."""
    from mcplint.coverage import coverage, render_json, render_text

    report = coverage(targets, settings)
    for message in report.missing + report.problems:
        error(message)
    as_json = output_format in _COVERAGE_JSON_FORMATS
    if not as_json and output_format not in _COVERAGE_TEXT_FORMATS:
        click.echo(f"mcplint: warning: --show-coverage prints text or JSON; --output-format {output_format} "
                   "is not used, the text is shown", err=True)
    click.echo(render_json(report) if as_json else render_text(report), nl=False)
    return EXIT_ERROR if report.missing or report.problems else EXIT_CLEAN


def check_stdin(filename: str, settings: Settings, options: CheckOptions) -> int:
    """Lint stdin as ``filename``, print the report; the exit code."""
    from mcplint.engine import lint_source

    data = sys.stdin.buffer.read()
    text = data.decode("utf-8", errors="replace")
    diagnostics = lint_source(data, filename, settings, explicit=True)
    report(diagnostics, options, lambda path: text if path == filename else read_text(path))
    report_fixable(diagnostics, options)
    return exit_code(diagnostics, failed=False, exit_zero=options.exit_zero)


def check_paths(targets: list[Path], settings: Settings, jobs: int, options: CheckOptions, cache: bool = True,
                cache_dir: Path | None = None) -> int:
    """Lint ``targets`` (with the ``.mcplint_cache``, or ``cache_dir``, unless ``cache`` is
    false) with a progress line on a terminal, print errors and the report; the exit code."""
    from mcplint.progress import progress_line, wanted
    from mcplint.runner import lint_paths

    started = time.perf_counter()
    with progress_line(not options.quiet and wanted()) as progress:
        result = lint_paths(targets, settings, jobs, cache=cache, cache_dir=cache_dir, progress=progress)
    debug(options, f"Checked {result.files_checked} file{'s' if result.files_checked != 1 else ''} "
                   f"in {time.perf_counter() - started:.3f} s")
    for message in result.errors:
        error(message)
    broken_config = report_other_configs(result.files, settings, options)
    if result.files_checked == 0 and not (result.errors or result.diagnostics or options.quiet):
        click.echo("mcplint: warning: no Python files found under the given paths", err=True)
    report(result.diagnostics, options, read_text, unlinted=len(result.errors))
    report_fixable(result.diagnostics, options)
    failed = bool(result.errors) or result.internal_error or broken_config
    return exit_code(result.diagnostics, failed=failed, exit_zero=options.exit_zero)


def report_other_configs(files: list[str], settings: Settings, options: CheckOptions) -> bool:
    """Name the configs nearer to some linted files than the one in force (a run applies one
    configuration): an invalid one is an error with its file and line (the run still lints
    every file, and exits 2), a valid one a warning that it is not applied. Returns whether
    one was invalid. Nothing is looked for after ``--config FILE`` or ``--isolated``."""
    from mcplint.versions import toml_pin_files

    in_force = Path(os.path.abspath(settings.config_path)) if settings.config_path else None
    others = [] if options.config_chosen else other_configs(files, in_force)
    if not options.quiet:
        for pins in sorted(set(toml_pin_files(files)) - {in_force, *others}):  # a config's own error is reported below
            problem = toml_problem(pins)
            if problem is not None:
                click.echo(f"mcplint: warning: {problem}; the framework versions pinned there are not read", err=True)
    applied = f"{settings.config_path}" if settings.config_path else "the default settings"
    broken = False
    for other in others:
        try:
            load_settings(other, known_codes())
        except ConfigError as exc:
            error(f"{exc} (not applied: the files under it were linted with {applied})")
            broken = True
            continue
        if not options.quiet:
            click.echo(f"mcplint: warning: {other} is not applied: a run uses one configuration ({applied}); "
                       f"lint {other.parent} on its own to use it", err=True)
    return broken


def report(diagnostics: list[Diagnostic], options: CheckOptions, read_source: ReadSource, unlinted: int = 0,
           to_stderr: bool = False) -> None:
    """Print the findings (or statistics) to stdout (stderr with ``to_stderr``: stdout then
    holds fixed source) and, for text formats, the summary to stderr.

    ``unlinted`` counts the paths that could not be linted (reported above), so the summary
    never says "All checks passed!" when something was not checked.
    """
    if options.statistics:
        click.echo(render_statistics(diagnostics, options.output_format, options.unsafe_fixes), nl=False,
                   err=to_stderr)
    else:
        palette = Palette(options.color and options.output_format in TEXT_FORMATS)
        text = render(diagnostics, options.output_format, read_source, unsafe=options.unsafe_fixes, palette=palette)
        click.echo(text, nl=False, color=palette.enabled or None, err=to_stderr)
    if options.output_format in TEXT_FORMATS and not options.quiet:
        if unlinted and not diagnostics:
            click.echo(f"No findings, but {unlinted} path{'s' if unlinted != 1 else ''} could not be linted.", err=True)
        else:
            click.echo(summary(diagnostics), err=True)


def report_fixable(diagnostics: list[Diagnostic], options: CheckOptions) -> None:
    """Under a text report, as ruff does: with ``--show-fixes`` the findings ``--fix`` would
    fix, else a one-line hint when some have a fix (stderr; nothing under ``--quiet``)."""
    if options.output_format not in TEXT_FORMATS or options.quiet or options.statistics:
        return
    from mcplint.fix_cli import fixable_hint, show_applicable

    if options.show_fixes:
        show_applicable(diagnostics, options.unsafe_fixes)
    elif (hint := fixable_hint(diagnostics, options.unsafe_fixes)) is not None:
        click.echo(hint, err=True)


def exit_code(diagnostics: list[Diagnostic], *, failed: bool, exit_zero: bool) -> int:
    """2 for errors or an internal error (MCP002), else 1 for findings unless ``exit_zero``, else 0."""
    if failed or any(d.code == INTERNAL_ERROR for d in diagnostics):
        return EXIT_ERROR
    return EXIT_FINDINGS if diagnostics and not exit_zero else EXIT_CLEAN


def read_text(path: str) -> str | None:
    """A file's text for code frames (undecodable bytes replaced), or None if unreadable."""
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


@cli.command("rule")
@click.argument("code", required=False)
@click.option("--all", "show_all", is_flag=True, help="Print every rule's documentation.")
def rule(code: str | None, show_all: bool) -> None:
    """Print the documentation of rule CODE (MCP101), or of every rule with --all."""
    if show_all == (code is not None):
        fail("give either a rule code or --all")
    if show_all:
        pages = all_rule_docs().values()
        if not pages:
            fail("no rule documentation found (is mcplint installed completely?)")
        click.echo("\n".join(page.rstrip("\n") + "\n" for page in pages), nl=False)
        return
    try:
        click.echo(rule_doc(code), nl=False)
    except KeyError:
        fail(f"unknown rule code '{code}'")


@cli.command("version")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def version(output_format: str) -> None:
    """Print mcplint's version (`mcplint 0.1.0`, or `{"version": ...}` as JSON), as `ruff version`."""
    click.echo(json.dumps({"version": __version__}) if output_format == "json" else f"mcplint {__version__}")


@cli.command("clean")
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path(path_type=Path))
@click.option("-q", "--quiet", is_flag=True, help="Say nothing about what is removed.")
@click.option("--cache-dir", type=click.Path(path_type=Path, file_okay=False), envvar="MCPLINT_CACHE_DIR",
              show_envvar=True, help="A cache folder chosen with `check --cache-dir`, removed too.")
def clean(paths: tuple[Path, ...], quiet: bool, cache_dir: Path | None) -> None:
    """Remove the .mcplint_cache folders at or under PATH... (default: the current directory).

    A PATH that does not exist is an error (exit 2), as for ``check``; the others are cleaned."""
    from mcplint.housekeeping import cache_folders, remove_cache

    missing = [path for path in paths if not os.path.lexists(path)]
    for path in missing:
        error(f"{path}: No such file or directory")
    failed = bool(missing)
    targets = [path for path in paths if path not in missing] if paths else [Path(".")]
    folders = list(cache_folders(targets))
    if cache_dir is not None and cache_dir.is_dir() and not any(os.path.samefile(cache_dir, f) for f in folders):
        folders.append(cache_dir)
    for folder in folders:
        if not quiet:
            click.echo(f"Removing cache at: {os.path.normpath(folder)}", err=True)
        if (problem := remove_cache(folder)) is not None:
            error(problem)
            failed = True
    sys.exit(EXIT_ERROR if failed else EXIT_CLEAN)


@cli.command("contract")
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path(path_type=Path))
@click.option("--output-format", type=click.Choice(["json", "text"]), default="json", show_default=True,
              help="JSON (deterministic) or a readable table.")
@click.option("--write", is_flag=True, help="Write the contract to the lockfile (mcp-contract.json or `contract-file`).")
@click.option("--diff", is_flag=True, help="List every change against the baseline, breaking first; exit 1 if one breaks.")
@click.option("--contract-base", "base", metavar="REF", help="Compare with the same paths at git REF, not the lockfile.")
@click.option("--config", "config_path", type=click.Path(path_type=Path, dir_okay=False),
              help="The pyproject.toml to use instead of the nearest one.")
def contract(paths: tuple[Path, ...], output_format: str, write: bool, diff: bool, base: str | None,
             config_path: Path | None) -> None:
    """Print what each server under PATH... publishes (its prompts, tools and resources)."""
    from mcplint.contract.command import ContractOptions, run

    targets = list(paths) or [Path(".")]
    no_flags = CheckOptions(select=None, ignore=(), extend_select=(), preview=None, output_format="full",
                            statistics=False, exit_zero=False, quiet=False)
    settings = resolve_settings(config_path, targets[0], no_flags)
    options = ContractOptions(output_format, write, diff or base is not None and not write, base)
    sys.exit(run(targets, settings, options, lambda text: click.echo(text, nl=False), error,
                 lambda text: click.echo(text, err=True)))


@cli.command("gen-tests")
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path(path_type=Path))
@click.option("--out", "out", required=True, type=click.Path(path_type=Path, file_okay=False),
              help="The folder the test modules are written to (created if needed).")
@click.option("--config", "config_path", type=click.Path(path_type=Path, dir_okay=False),
              help="The pyproject.toml to use instead of the nearest one.")
def gen_tests(paths: tuple[Path, ...], out: Path, config_path: Path | None) -> None:
    """Write pytest modules that test each server under PATH... at the protocol boundary."""
    from mcplint.gentests.command import run

    targets = list(paths) or [Path(".")]
    settings = resolve_settings(config_path, targets[0], CheckOptions(None, (), (), None, "full", False, False, False))
    command = " ".join(["mcplint gen-tests", *(str(p) for p in paths), "--out", str(out)])
    sys.exit(run(targets, out, settings, lambda text: click.echo(text, err=True), error, command))


@cli.command("server")
@click.option("--stdio", is_flag=True, help="Talk over stdin/stdout: the only transport, accepted for clients that pass it.")
def server(stdio: bool) -> None:  # noqa: ARG001 - accepted, nothing to choose
    """Start the language server on stdin/stdout."""
    try:
        from mcplint.lsp import start_server
    except ImportError as exc:
        fail(f"the language server is not available: {exc}")
    start_server()


def main() -> None:
    """Entry point of the ``mcplint`` script and ``python -m mcplint``.

    A crash of mcplint itself prints the traceback and exits 2, never 1 (which means findings).
    """
    for stream in (sys.stdout, sys.stderr):
        # A lone surrogate in linted text (a name written "\ud800") cannot be encoded: print
        # it escaped rather than crash the report.
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        cli(prog_name="mcplint")
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRNOS:
            traceback.print_exc()
            fail(f"mcplint {__version__} crashed; please report this with the traceback above")
        # The report could not be written (`-o /dev/full`, a full disk, a vanished
        # terminal): a usage problem of the run, not a crash of mcplint, so no traceback.
        fail(f"cannot write the output: {exc.strerror or exc}")
    except Exception:
        traceback.print_exc()
        fail(f"mcplint {__version__} crashed; please report this with the traceback above")
