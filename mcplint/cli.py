"""The ``mcplint`` command line: a thin click layer over :mod:`mcplint.engine`.

``mcplint [OPTIONS] [PATH]...`` is ``mcplint check [OPTIONS] [PATH]...``; ``mcplint rule``
prints rule documentation and ``mcplint server`` starts the language server. A subcommand
wins only when the first argument is exactly its bare name, so ``mcplint ./server`` and
``mcplint check server`` lint a folder named ``server``.

Exit codes: 0 no findings, 1 findings (a syntax error, MCP000, is one), 2 a usage or config
error, a missing path, an unreadable file or an internal error (MCP002). 2 wins over 1.
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, Sequence

import click

from mcplint import __version__
from mcplint.config import ALL, ConfigError, Settings, find_config, has_mcplint_table, load_settings
from mcplint.diagnostics import Diagnostic
from mcplint.docs import all_rule_docs, rule_doc
from mcplint.reporters import FORMATS, ReadSource, render, render_statistics, summary

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
@click.version_option(__version__, prog_name="mcplint")
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


def split_selectors(values: Sequence[str]) -> tuple[str, ...]:
    """``("MCP1,MCP2", "MCP301")`` -> ``("MCP1", "MCP2", "MCP301")``, upper-cased."""
    return tuple(part.strip().upper() for value in values for part in value.split(",") if part.strip())


@cli.command("check")
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
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option(
    "--config",
    "config_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="The pyproject.toml to use instead of the nearest one.",
)
@click.option("--preview/--no-preview", default=None, help="Enable (or disable) preview rules.")
@click.option("--stdin-filename", metavar="NAME", help="Lint the source read from stdin as the file NAME.")
@click.option(
    "--jobs", type=click.IntRange(min=1), help="Worker processes (default: one per CPU when there are enough files)."
)
@click.option(
    "--no-cache",
    is_flag=True,
    envvar="MCPLINT_NO_CACHE",
    show_envvar=True,
    help="Neither read nor write the .mcplint_cache folder.",
)
@click.option("--force-exclude/--no-force-exclude", default=None,
              help="Apply `exclude` to files named on the command line too (for pre-commit).")
@click.option("--show-files", is_flag=True, help="Print the files that would be linted and exit.")
@click.option("--show-settings", is_flag=True, help="Print the settings in force for the first PATH and exit.")
@click.option("--show-coverage", is_flag=True,
              help="Print every server found, its prompts and tools, whether each handler was analysed, and where "
                   "the analysis lost the thread (text, or JSON with --output-format json); exit.")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary line.")
@click.option("--fix", is_flag=True, help="Apply fixes (safe ones; unsafe ones too with --unsafe-fixes).")
@click.option("--unsafe-fixes", is_flag=True, help="Also apply (or show) fixes that may change behaviour.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff and write nothing; exit 1 if any.")
@click.option("--show-fixes", is_flag=True, help="List the fixes applied (with --fix) or applicable.")
@click.option("--add-noqa", is_flag=True, help="Add `# noqa: MCPxxx` comments for every current finding.")
@click.option("--contract-base", metavar="REF", help="Compare the contract with the same paths at git REF (MCP7xx).")
def check(
    paths: tuple[Path, ...],
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    extend_select: tuple[str, ...],
    output_format: str,
    statistics: bool,
    exit_zero: bool,
    config_path: Path | None,
    preview: bool | None,
    stdin_filename: str | None,
    jobs: int | None,
    no_cache: bool,
    force_exclude: bool | None,
    show_files: bool,
    show_settings: bool,
    show_coverage: bool,
    quiet: bool,
    fix: bool,
    unsafe_fixes: bool,
    diff: bool,
    show_fixes: bool,
    add_noqa: bool,
    contract_base: str | None = None,
) -> None:
    """Lint the Python files under PATH... (default: the current directory)."""
    options = CheckOptions(
        select=split_selectors(select) or None,
        ignore=split_selectors(ignore),
        extend_select=split_selectors(extend_select),
        preview=preview,
        output_format=output_format,
        statistics=statistics,
        exit_zero=exit_zero,
        quiet=quiet,
        fix=fix,
        unsafe_fixes=unsafe_fixes,
        diff=diff,
        show_fixes=show_fixes,
        add_noqa=add_noqa,
    )
    targets = list(paths) or [Path(".")]
    if targets == [Path("-")] and stdin_filename is None:
        stdin_filename = "-"  # as in ruff: `-` alone reads the source from stdin
    anchor = Path(stdin_filename) if stdin_filename else targets[0]
    settings = resolve_settings(config_path, anchor, options)
    if force_exclude is not None:
        settings = settings.with_overrides(force_exclude=force_exclude)
    if contract_base is not None:
        settings = with_contract_base(settings, contract_base, targets)
    if show_settings:
        sys.exit(print_settings(targets, anchor, settings, cache=not no_cache))
    if show_files:
        sys.exit(print_files(targets, settings))
    if show_coverage:
        sys.exit(print_coverage(targets, settings, output_format))
    if add_noqa and (fix or diff):
        fail("--add-noqa cannot be combined with --fix or --diff")
    if (fix or diff or add_noqa) and stdin_filename is not None:
        fail("--fix, --diff and --add-noqa work on files, not on --stdin-filename")
    if fix or diff or add_noqa:
        from mcplint.fix_cli import fix_paths

        sys.exit(fix_paths(targets, settings, options))
    if stdin_filename is not None:
        sys.exit(check_stdin(stdin_filename, settings, options))
    sys.exit(check_paths(targets, settings, jobs or os.cpu_count() or 1, options, cache=not no_cache))


def resolve_settings(config_path: Path | None, anchor: Path, options: CheckOptions) -> Settings:
    """Settings from ``--config`` or the config nearest ``anchor``, with the CLI flags on top.

    Exits 2 (after printing the error) for a missing or invalid config or an unknown selector.
    """
    known = known_codes()
    if config_path is not None and not config_path.is_file():
        fail(f"config file not found: {config_path}")
    try:
        settings = load_settings(config_path or find_config(anchor), known)
    except ConfigError as exc:
        fail(str(exc))
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
    """Settings fields the flags change: ``--select`` replaces, the others add (like ruff)."""
    changes: dict[str, Any] = {
        "ignore": settings.ignore + options.ignore,
        "extend_select": settings.extend_select + options.extend_select,
    }
    if options.select is not None:
        changes["select"] = options.select
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


def print_coverage(targets: list[Path], settings: Settings, output_format: str) -> int:
    """``--show-coverage``: print the model's reach (:mod:`mcplint.coverage`); exit code 0,
    2 when a path is missing or a file could not be modelled (the others are still reported)."""
    from mcplint.coverage import coverage, render_json, render_text

    report = coverage(targets, settings)
    for message in report.missing + report.problems:
        error(message)
    click.echo(render_json(report) if output_format in ("json", "json-lines") else render_text(report), nl=False)
    return EXIT_ERROR if report.missing or report.problems else EXIT_CLEAN


def check_stdin(filename: str, settings: Settings, options: CheckOptions) -> int:
    """Lint stdin as ``filename``, print the report; the exit code."""
    from mcplint.engine import lint_source

    data = sys.stdin.buffer.read()
    text = data.decode("utf-8", errors="replace")
    diagnostics = lint_source(data, filename, settings)
    report(diagnostics, options, lambda path: text if path == filename else read_text(path))
    report_fixable(diagnostics, options)
    return exit_code(diagnostics, failed=False, exit_zero=options.exit_zero)


def check_paths(targets: list[Path], settings: Settings, jobs: int, options: CheckOptions, cache: bool = True) -> int:
    """Lint ``targets`` (with the ``.mcplint_cache`` unless ``cache`` is false), print errors
    and the report; the exit code."""
    from mcplint.runner import lint_paths

    result = lint_paths(targets, settings, jobs, cache=cache)
    for message in result.errors:
        error(message)
    if result.files_checked == 0 and not (result.errors or result.diagnostics or options.quiet):
        click.echo("mcplint: warning: no Python files found under the given paths", err=True)
    report(result.diagnostics, options, read_text, unlinted=len(result.errors))
    report_fixable(result.diagnostics, options)
    failed = bool(result.errors) or result.internal_error
    return exit_code(result.diagnostics, failed=failed, exit_zero=options.exit_zero)


def report(diagnostics: list[Diagnostic], options: CheckOptions, read_source: ReadSource, unlinted: int = 0) -> None:
    """Print the findings (or statistics) to stdout and, for text formats, the summary to stderr.

    ``unlinted`` counts the paths that could not be linted (reported above), so the summary
    never says "All checks passed!" when something was not checked.
    """
    if options.statistics:
        click.echo(render_statistics(diagnostics, options.output_format), nl=False)
    else:
        click.echo(render(diagnostics, options.output_format, read_source), nl=False)
    if options.output_format in ("full", "concise") and not options.quiet:
        if unlinted and not diagnostics:
            click.echo(f"No findings, but {unlinted} path{'s' if unlinted != 1 else ''} could not be linted.", err=True)
        else:
            click.echo(summary(diagnostics), err=True)


def report_fixable(diagnostics: list[Diagnostic], options: CheckOptions) -> None:
    """Under a text report, as ruff does: with ``--show-fixes`` the findings ``--fix`` would
    fix, else a one-line hint when some have a fix (stderr; nothing under ``--quiet``)."""
    if options.output_format not in ("full", "concise") or options.quiet or options.statistics:
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
    settings = resolve_settings(config_path, targets[0], CheckOptions(None, (), (), None, "full", False, False, False))
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
    try:
        cli(prog_name="mcplint")
    except Exception:
        traceback.print_exc()
        fail(f"mcplint {__version__} crashed; please report this with the traceback above")
