"""ruff's everyday ``check`` flags that shape the settings, the output and the run, kept
out of :mod:`mcplint.cli` so that the click layer stays a list of commands.

* :func:`ruff_options` adds the flags to the ``check`` command (names and meaning as in
  ``ruff check --help``, ruff 0.12);
* :func:`split_config` tells ``--config PATH`` from ``--config KEY=VALUE`` (a TOML fragment);
* :func:`settings_from_flags` applies ``--exclude``, ``--per-file-ignores``, ``--fixable``,
  ``--ignore-noqa``, ``--respect-gitignore`` and the ``--config`` fragments to the settings;
* :class:`CheckCommand` accepts ruff's ``--add-noqa=REASON`` spelling;
* :func:`use_color` decides ``--color auto``; :func:`report_streams` points stdout at
  ``--output-file`` (or nowhere with ``--silent``).

Every function raises :class:`click.UsageError` (exit 2) for a value it cannot use.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import IO, Any

import click

from mcplint.config import ALL, ConfigError, Settings, apply_fragment
from mcplint.globs import anchored, glob_error

__all__ = ["CheckCommand", "report_streams", "ruff_options", "settings_from_flags", "split_config", "use_color"]

#: The hidden option that carries the REASON of ``--add-noqa=REASON``.
NOQA_REASON = "--add-noqa-reason"


class CheckCommand(click.Command):
    """``check``, which reads ``--add-noqa=REASON`` as ruff does (the reason only after ``=``,
    so ``--add-noqa src`` still lints ``src``)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Rewrite ``--add-noqa=REASON`` to ``--add-noqa --add-noqa-reason REASON``."""
        rewritten: list[str] = []
        for index, arg in enumerate(args):
            if arg == "--":
                rewritten.extend(args[index:])
                break
            if arg.startswith("--add-noqa="):
                rewritten += ["--add-noqa", NOQA_REASON, arg.split("=", 1)[1]]
            else:
                rewritten.append(arg)
        return super().parse_args(ctx, rewritten)


def _comma_separated(values: Sequence[str]) -> tuple[str, ...]:
    """``("a,b", "c")`` -> ``("a", "b", "c")`` (ruff's ``value_delimiter = ','``)."""
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


_OPTIONS: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
    click.option("-w", "--watch", is_flag=True, help="Run in watch mode: re-run whenever a file changes."),
    click.option("--fix-only/--no-fix-only", default=False,
                 help="Apply fixes and report nothing else (implies --fix)."),
    click.option("--exit-non-zero-on-fix", is_flag=True,
                 help="Exit 1 when anything was fixed, even if no finding remains."),
    click.option("--fixable", multiple=True, metavar="CODES",
                 help="Codes whose fixes may be applied (default: all); comma-separated."),
    click.option("--unfixable", multiple=True, metavar="CODES", help="Codes whose fixes are never applied."),
    click.option("--extend-fixable", multiple=True, metavar="CODES", help="Codes added to the fixable ones."),
    click.option("--ignore-noqa", is_flag=True, help="Ignore every `# noqa` comment."),
    click.option("-o", "--output-file", type=click.Path(path_type=Path, dir_okay=False),
                 envvar="MCPLINT_OUTPUT_FILE", show_envvar=True,
                 help="Write the findings to this file instead of stdout."),
    click.option("--exclude", multiple=True, metavar="PATTERNS",
                 help="Paths to skip (gitignore-style, comma-separated); replaces the config's `exclude`."),
    click.option("--extend-exclude", multiple=True, metavar="PATTERNS",
                 help="Paths to skip, added to `exclude`."),
    click.option("--respect-gitignore/--no-respect-gitignore", default=None,
                 help="Skip (or lint) the files .gitignore excludes."),
    click.option("--per-file-ignores", multiple=True, metavar="PATTERN:CODES",
                 help="Codes to skip in the matching files (ruff's globs, relative to the working directory); "
                      "replaces the config's (`tests/*:MCP1`)."),
    click.option("--extend-per-file-ignores", multiple=True, metavar="PATTERN:CODES",
                 help="Like --per-file-ignores, added to the config's."),
    click.option("--cache-dir", type=click.Path(path_type=Path, file_okay=False), envvar="MCPLINT_CACHE_DIR",
                 show_envvar=True, help="The cache folder (default: .mcplint_cache in the project root)."),
    click.option("-v", "--verbose", is_flag=True, help="Say which config and files are used, and how long it took."),
    click.option("-s", "--silent", is_flag=True, help="Print nothing; the exit code still tells the outcome."),
    click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
                 help="Colour the text formats (auto: when stdout is a terminal and NO_COLOR is unset)."),
    click.option("--isolated", is_flag=True, help="Ignore every configuration file."),
    click.option(NOQA_REASON, "noqa_reason", hidden=True),
]


def ruff_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the flags of :data:`_OPTIONS` to ``command`` (they reach it as keyword arguments)."""
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def split_config(values: Sequence[str], isolated: bool) -> tuple[Path | None, list[str]]:
    """The config file and the TOML fragments among the ``--config`` values, as ruff tells
    them apart: an existing file or a ``.toml`` name is a path, else the value must be a
    ``KEY = VALUE`` pair. Raises :class:`click.UsageError` for two paths, a path with
    ``--isolated``, or a value that is neither."""
    paths: list[Path] = []
    fragments: list[str] = []
    for value in values:
        if os.path.isfile(value) or value.endswith(".toml"):
            paths.append(Path(value))
        elif "=" in value:
            fragments.append(value)
        else:
            raise click.UsageError(
                f"invalid value '{value}' for '--config': a `--config` flag must either be a path to a `.toml` "
                "configuration file or a TOML `KEY = VALUE` pair overriding a specific configuration option")
    if len(paths) > 1:
        raise click.UsageError("you cannot give more than one configuration file with --config")
    if paths and isolated:
        raise click.UsageError(f"the argument `--config {paths[0]}` cannot be used with `--isolated`")
    return (paths[0] if paths else None), fragments


def parse_per_file_ignores(values: Sequence[str], cwd: str | None = None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``("tests/*:MCP1,MCP2", "a.py:MCP101")`` -> ``(("/cwd/tests/*", ("MCP1", "MCP2")), ("a.py", ("MCP101",)))``.

    As in ruff, a comma starts a new code when what follows has no ``:`` (so
    ``tests/*:MCP1,MCP2`` ignores two codes there) and a new pair when it has one, and a
    pattern is relative to the working directory (``cwd``, default the current one): one
    naming a path is made absolute (:func:`mcplint.globs.anchored`).
    Raises :class:`click.UsageError` for a part without ``PATTERN:``.
    """
    folder = Path(cwd or os.getcwd()).as_posix()
    pairs: dict[str, list[str]] = {}
    pattern = None
    for value in values:
        pattern = None
        for part in _comma_separated([value]):
            if ":" in part:
                pattern, _, code = part.rpartition(":")
            elif pattern is None:
                raise click.UsageError(f"invalid value '{value}' for '--per-file-ignores': expected PATTERN:CODES")
            else:
                code = part
            if code.strip():
                pairs.setdefault(pattern, []).append(code.strip().upper())
    return tuple((anchored(pattern, folder), tuple(codes)) for pattern, codes in pairs.items())


def settings_from_flags(settings: Settings, flags: dict[str, Any], fragments: Sequence[str],
                        known_codes: frozenset[str]) -> Settings:
    """``settings`` with the ``--config`` fragments, then the file-selection and fix flags,
    applied (flags win, as in ruff). Raises :class:`click.UsageError` for a bad fragment or
    an unknown rule code."""
    for fragment in fragments:
        try:
            settings = apply_fragment(settings, fragment, known_codes)
        except ConfigError as error:
            raise click.UsageError(str(error)) from None
    changes: dict[str, Any] = {}
    if flags["exclude"]:
        changes["exclude"] = _globs("exclude", _comma_separated(flags["exclude"]))
    if flags["extend_exclude"]:
        changes["extend_exclude"] = settings.extend_exclude + _globs("extend_exclude",
                                                                     _comma_separated(flags["extend_exclude"]))
    if flags["respect_gitignore"] is not None:
        changes["respect_gitignore"] = flags["respect_gitignore"]
    if flags["per_file_ignores"]:
        changes["per_file_ignores"] = _checked_pairs(parse_per_file_ignores(flags["per_file_ignores"]), known_codes)
    if flags["extend_per_file_ignores"]:
        extra = _checked_pairs(parse_per_file_ignores(flags["extend_per_file_ignores"]), known_codes)
        changes["per_file_ignores"] = changes.get("per_file_ignores", settings.per_file_ignores) + extra
    for name in ("fixable", "unfixable", "extend_fixable"):
        if flags[name]:
            codes = _checked(name, tuple(code.upper() for code in _comma_separated(flags[name])), known_codes)
            changes[name] = codes if name == "fixable" else getattr(settings, name) + codes
    if flags["ignore_noqa"]:
        changes["ignore_noqa"] = True
    return settings.with_overrides(**changes)


def _checked(flag: str, selectors: tuple[str, ...], known_codes: frozenset[str]) -> tuple[str, ...]:
    """``selectors`` when each is ``ALL`` or a prefix of a known code, else a UsageError."""
    for selector in selectors:
        if selector != ALL and not any(code.startswith(selector) for code in known_codes):
            option = "--" + flag.replace("_", "-")
            raise click.UsageError(f"invalid value '{selector}' for '{option}': unknown rule code or prefix")
    return selectors


def _globs(flag: str, patterns: tuple[str, ...]) -> tuple[str, ...]:
    """``patterns`` when each is a glob globset accepts, else a UsageError naming the flag."""
    for pattern in patterns:
        problem = glob_error(pattern.removeprefix("!"))
        if problem is not None:
            raise click.UsageError(f"invalid value '{pattern}' for '--{flag.replace('_', '-')}': {problem}")
    return patterns


def _checked_pairs(pairs: tuple[tuple[str, tuple[str, ...]], ...],
                   known_codes: frozenset[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Per-file-ignore pairs whose globs are valid and codes all known (else a UsageError)."""
    for pattern, codes in pairs:
        _globs("per_file_ignores", (pattern,))
        _checked("per_file_ignores", codes, known_codes)
    return pairs


@contextmanager
def report_streams(output_file: Path | None, silent: bool) -> Iterator[IO[str]]:
    """Inside the block stdout is ``--output-file`` (its folder created, as ruff does) or,
    with ``--silent``, nothing, and so is stderr under ``--silent``; yields the report's stream."""
    if silent:
        with open(os.devnull, "w", encoding="utf-8") as sink, redirect_stdout(sink), redirect_stderr(sink):
            yield sink
        return
    if output_file is None:
        yield sys.stdout
        return
    try:
        output_file.parent.mkdir(parents=True, exist_ok=True)
        target = open(output_file, "w", encoding="utf-8", errors="backslashreplace")
    except OSError as exc:
        raise click.UsageError(f"cannot write {output_file}: {exc.strerror or exc}") from None
    with target, redirect_stdout(target):
        yield target


def use_color(choice: str, stream: IO[str]) -> bool:
    """``--color``: ``always``, ``never``, or for ``auto`` whether ``stream`` is a terminal and
    neither ``NO_COLOR`` is set nor ``TERM=dumb`` (``FORCE_COLOR`` forces it on)."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return stream.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, ValueError):
        return False
