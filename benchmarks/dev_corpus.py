"""mcplint over a folder of real checkouts, timed against a libcst parse of its MCP files.

Given a folder (for instance the development corpus: many MCP server repositories with
their ``pyproject.toml``, ``uv.lock``, ``poetry.lock`` and ``requirements*.txt`` beside the
code, as in a user's checkout), measures the CPU time (user + system, from the children's
rusage) of whole-process runs, start-up and imports included:

* ``parse``: one process reading and ``libcst.parse_module``-ing every ``.py`` file that
  mentions ``mcp`` (``b"mcp" in data``; hidden folders are skipped);
* ``cold``: ``mcplint check --preview --no-cache --jobs 1 --output-format json .``;
* ``warm``: the same with the cache (``--jobs 1``), after a first run filled it;

and prints the ratios against the targets: **cold <= 1.6x parse**, **warm <= 0.1x cold**.
It also checks that the warm run reports exactly what the cold one does.

The folder is copied into a temporary folder first (``--in-place`` runs in it instead;
the cache is then written there), and the mcplint package being measured is copied too
and put first on ``PYTHONPATH``: the cache keys on mcplint's own files, so edits to a
development checkout during the run cannot turn warm runs cold. Usage::

    python benchmarks/dev_corpus.py /tmp/dev-corpus
    python benchmarks/dev_corpus.py /tmp/dev-corpus --repeat 3
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COLD_TARGET = 1.6
WARM_TARGET = 0.1


def mcp_files(root: Path) -> list[Path]:
    """The ``.py`` files under ``root`` (hidden folders skipped) whose bytes mention ``mcp``."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".py"):
                path = Path(folder) / name
                try:
                    if b"mcp" in path.read_bytes():
                        found.append(path)
                except OSError:
                    continue
    return found


def parse_files(list_file: str) -> None:
    """``--parse-list FILE`` mode: read and parse every path listed; print the seconds spent."""
    import libcst

    paths = Path(list_file).read_text().splitlines()
    start = time.process_time()
    failed = 0
    for path in paths:
        try:
            libcst.parse_module(Path(path).read_bytes())
        except Exception:  # noqa: BLE001 - a file libcst rejects still cost its attempt
            failed += 1
    print(f"{time.process_time() - start:.4f} {failed}")


def children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process and their children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], repeat: int, cwd: Path, env: dict[str, str], before=None) -> tuple[float, float, str]:
    """Median CPU and wall time of ``repeat`` runs of ``command`` (``before()`` runs untimed
    first), and the last run's standard output."""
    cpu_times, wall_times, output = [], [], ""
    for _ in range(repeat):
        if before is not None:
            before()
        start, cpu_start = time.perf_counter(), children_cpu()
        completed = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
        wall_times.append(time.perf_counter() - start)
        cpu_times.append(children_cpu() - cpu_start)
        if completed.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr[-2000:]}")
        output = completed.stdout
    return statistics.median(cpu_times), statistics.median(wall_times), output


def freeze_mcplint(folder: Path) -> Path:
    """A copy of the mcplint package being measured (see the module docstring), its bytecode
    compiled before any run: otherwise the first timed run pays for compiling every module
    (a ``--repeat 1`` cold run most of all)."""
    import compileall

    import mcplint

    shutil.copytree(Path(mcplint.__file__).parent, folder / "mcplint", ignore=shutil.ignore_patterns("__pycache__"))
    compileall.compile_dir(str(folder / "mcplint"), quiet=1)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, help="the folder to lint")
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure (the median is shown)")
    parser.add_argument("--in-place", action="store_true",
                        help="run in the folder itself (the cache is written there) instead of a copy")
    parser.add_argument("--parse-list", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.parse_list:
        parse_files(args.parse_list)
        return
    if args.folder is None or not args.folder.is_dir():
        parser.error("give a folder to lint")
    work = Path(tempfile.mkdtemp(prefix="mcplint-dev-corpus-"))
    try:
        if args.in_place:
            root = args.folder.resolve()
        else:
            root = work / "corpus"
            shutil.copytree(args.folder, root, symlinks=True,
                            ignore=shutil.ignore_patterns(".mcplint_cache", "__pycache__"))
        run(args, root, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(args: argparse.Namespace, root: Path, work: Path) -> None:
    files = mcp_files(root)
    listing = work / "mcp-files.txt"
    listing.write_text("\n".join(map(str, files)))
    size = sum(p.stat().st_size for p in files)
    print(f"{args.folder}: {len(files)} files mention mcp ({size / 1e6:.1f} MB); median of {args.repeat} runs")
    env = {**os.environ, "PYTHONPATH": str(freeze_mcplint(work / "frozen"))}
    python = sys.executable
    figures: dict[str, float] = {}

    def measure(label: str, command: list[str], before=None, repeat: int = args.repeat) -> str:
        cpu, wall, output = timed(command, repeat, root, env, before)
        figures[label] = cpu
        print(f"  {label:<28} cpu {cpu:7.2f} s   wall {wall:7.2f} s")
        return output

    parsed = measure("parse (libcst, 1 process)", [python, str(Path(__file__).resolve()), "--parse-list", str(listing)])
    inner, failed = parsed.split()
    print(f"    the parse loop alone: {float(inner):.2f} s cpu; {failed} files libcst rejects")
    check = [python, "-m", "mcplint", "check", ".", "--preview", "--output-format", "json", "--jobs", "1"]
    cold = measure("mcplint cold (--no-cache)", [*check, "--no-cache"])
    cache = root / ".mcplint_cache"
    measure("mcplint filling the cache", check, before=lambda: shutil.rmtree(cache, ignore_errors=True), repeat=1)
    warm = measure("mcplint warm (cache)", check)
    if args.in_place:
        shutil.rmtree(cache, ignore_errors=True)
    same = json.loads(cold) == json.loads(warm)
    print(f"findings: {len(json.loads(cold))}; warm identical to cold: {same}")
    parse, cold_cpu, warm_cpu = (figures[k] for k in ("parse (libcst, 1 process)", "mcplint cold (--no-cache)",
                                                      "mcplint warm (cache)"))
    print(f"ratios (cpu): cold / parse = {cold_cpu / parse:.2f}x (target <= {COLD_TARGET}x); "
          f"warm / cold = {warm_cpu / cold_cpu:.3f}x (target <= {WARM_TARGET}x)")
    if not same:
        raise SystemExit("warm and cold runs disagree")


if __name__ == "__main__":
    main()
