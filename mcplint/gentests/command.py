"""``mcplint gen-tests PATH... --out DIR``: write one pytest module per server.

Each module is written only when its text changes; an existing module's author block is
read back first (:func:`mcplint.gentests.author.read_author_values`), and a module that
cannot be parsed is left alone and reported, so the author's values are never lost.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from mcplint.config import Settings
from mcplint.gentests.author import UnreadableModule, read_author_values
from mcplint.gentests.build import plans_for
from mcplint.gentests.plan import module_file_name
from mcplint.gentests.render import render_module


@dataclass
class GenerationReport:
    """What a run did: ``written`` and ``unchanged`` module paths, ``refused`` messages
    (existing modules left alone), and the ``problems``/``missing``/``skipped`` messages of
    the inputs."""

    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def generate(paths: Sequence[Path], out: Path, settings: Settings | None = None, command: str = "") -> GenerationReport:
    """Write the test modules for the servers under ``paths`` into ``out`` (created when
    there is a module to write: a run that finds no server, or only missing paths, leaves
    no empty folder behind).

    ``command`` is shown in each module's header. Raises OSError when ``out`` cannot be
    created; a module that cannot be written is reported in ``refused``.
    """
    found = plans_for(paths, settings)
    report = GenerationReport(problems=found.problems, missing=found.missing, skipped=found.skipped)
    per_file = Counter(plan.file for plan in found.plans)
    names = [module_file_name(plan, per_file[plan.file] > 1) for plan in found.plans]
    taken = Counter(names)
    if found.plans:
        out.mkdir(parents=True, exist_ok=True)
    for plan, name in zip(found.plans, names, strict=True):
        if taken[name] > 1:  # server.py in several folders
            name = module_file_name(plan, per_file[plan.file] > 1, qualified=True)
        _write(out / name, plan, command, report)
    return report


def _write(target: Path, plan, command: str, report: GenerationReport) -> None:
    author = None
    try:
        if target.exists():
            previous = target.read_text(encoding="utf-8")
            author = read_author_values(previous)
        else:
            previous = None
        text = render_module(plan, author, command)
        if text == previous:
            report.unchanged.append(target)
            return
        target.write_text(text, encoding="utf-8")
        report.written.append(target)
    except UnreadableModule as error:
        report.refused.append(f"{target}: left unchanged, {error}")
    except (OSError, UnicodeDecodeError) as error:
        report.refused.append(f"{target}: {error}")


def run(targets: list[Path], out: Path, settings: Settings, echo: Callable[[str], None],
        error: Callable[[str], None], command: str = "") -> int:
    """Run ``gen-tests``; ``echo`` prints a progress line, ``error`` an error message.

    Returns the exit code: 0 when every path was read and every module written (or already
    up to date), 2 otherwise (the other modules are still written).
    """
    try:
        report = generate(targets, out, settings, command)
    except OSError as exc:
        error(f"cannot write to {out}: {exc}")
        return 2
    for message in report.missing + report.problems + report.refused:
        error(message)
    for message in report.skipped:
        echo(f"skipped {message}")
    for path in report.written:
        echo(f"wrote {path}")
    count = len(report.written) + len(report.unchanged)
    if not count and not report.refused:
        echo(f"no MCP server found under the given paths; nothing written to {out}")
        return 2 if report.missing or report.problems else 0
    echo(f"{count} test module{'s' if count != 1 else ''} ({len(report.unchanged)} unchanged) in {out}")
    return 2 if report.missing or report.problems or report.refused else 0
