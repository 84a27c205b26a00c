"""mcplint at scale: a generated monorepo, timed against the libcst parse and ruff.

Generates (in a temporary folder, from a seed) a monorepo of ``--files`` Python files: a
share ``--mcp-share`` of them MCP servers of every stack (mcp 1.x low-level decorators,
mcp 2.x ``Server(on_get_prompt=...)``, the SDK's FastMCP, mcp 2.x ``MCPServer``, the
standalone ``fastmcp``), each in its own service package with a ``pyproject.toml`` pinning
its framework and two helper modules it imports (``from .prompts import ...``); the rest is
ordinary library code of realistic size (50-250 lines) that never mentions MCP.

Then times, each as the median of ``--repeat`` whole-process runs (start-up and imports
included, as a user waits for them):

* ``parse MCP``: one process reading and ``libcst.parse_module``-ing the MCP files and the
  project modules mcplint reads for them (their ``FileModel.dependencies``);
* ``parse all``: the same over every file (``--parse-all-repeat`` runs, default 1: it is
  by far the slowest figure);
* ``mcplint cold``: ``mcplint check --no-cache --jobs <cores>``;
* ``mcplint warm``: ``mcplint check --jobs <cores>`` with the cache filled by a first run;
* ``ruff check`` (default rules, no cache, for reference) when ruff is installed.

and prints each figure (wall time, and CPU time of all processes, the fairer figure on a
busy machine) and the ratios against the targets (cold <= 1.3x parse MCP, warm <=
0.1x cold). Usage::

    python benchmarks/monorepo.py                 # 10,000 files
    python benchmarks/monorepo.py --files 1000    # a quick run
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STACKS = ("mcp1-lowlevel", "mcp2-lowlevel", "sdk-fastmcp", "mcpserver", "fastmcp")
PINS = {
    "mcp1-lowlevel": "mcp==1.9.4",
    "mcp2-lowlevel": "mcp==2.1.0",
    "sdk-fastmcp": "mcp==1.12.0",
    "mcpserver": "mcp==2.1.0",
    "fastmcp": "fastmcp==2.14.7",
}
WORDS = (
    "account alpha amount archive batch bucket cache channel client config counter cursor "
    "digest draft entry event export field filter folder format graph handle header index "
    "invoice item journal label ledger limit line link member merge metric node offset order "
    "owner packet page parcel path payload plan policy pool quota range record region report "
    "request result route rule sample schema score segment sender session shard signal slot "
    "source stage status store stream summary table target task tenant ticket token topic "
    "total track unit upload user value vector window worker"
).split()
LANGUAGES = ("python", "go", "rust", "typescript", "java", "kotlin")


# --------------------------------------------------------------------------- generation


class Writer:
    """Seeded generator of Python text; every identifier comes from :data:`WORDS`."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def name(self, parts: int = 2) -> str:
        return "_".join(self.random.choice(WORDS) for _ in range(parts))

    def cls(self) -> str:
        return "".join(self.random.choice(WORDS).title() for _ in range(2))

    def ordinary_block(self) -> str:
        """One top-level function or class of ordinary code (5-40 lines)."""
        kind = self.random.randrange(5)
        a, b, c = self.name(), self.name(1), self.name(1)
        if kind == 0:
            return (
                f"def {a}({b}: list[dict[str, int]], {c}: int = {self.random.randint(1, 99)}) -> dict[str, int]:\n"
                f'    """Group the {b} rows by key and keep those above {c}."""\n'
                f"    totals: dict[str, int] = {{}}\n"
                f"    for row in {b}:\n"
                f"        for key, value in row.items():\n"
                f"            if value > {c}:\n"
                f"                totals[key] = totals.get(key, 0) + value\n"
                f"    return {{key: value for key, value in sorted(totals.items()) if value}}\n"
            )
        if kind == 1:
            fields = [self.name(1) for _ in range(self.random.randint(2, 6))]
            body = "".join(f"    {field}: int = {i}\n" for i, field in enumerate(dict.fromkeys(fields)))
            return (
                "@dataclass\n"
                f"class {self.cls()}:\n"
                f'    """A {b} record."""\n\n'
                f"{body}\n"
                f"    def {c}_total(self) -> int:\n"
                f"        return sum(vars(self).values())\n\n"
                f"    def describe(self) -> str:\n"
                f'        return ", ".join(f"{{k}}={{v}}" for k, v in vars(self).items())\n'
            )
        if kind == 2:
            return (
                f"class {self.cls()}Error(Exception):\n"
                f'    """Raised when a {b} cannot be {c}ed."""\n\n\n'
                f"async def {a}(session, {b}_id: str, *, retries: int = 3) -> bytes | None:\n"
                f"    for attempt in range(retries):\n"
                f"        try:\n"
                f"            response = await session.get(f\"/{b}/{{{b}_id}}\", timeout=attempt + 1)\n"
                f"        except TimeoutError:\n"
                f"            logger.warning(\"retrying %s (%d)\", {b}_id, attempt)\n"
                f"            continue\n"
                f"        if response.status == 404:\n"
                f"            return None\n"
                f"        return await response.read()\n"
                f"    raise RuntimeError(f\"{b} {{{b}_id}} unavailable\")\n"
            )
        if kind == 3:
            items = ", ".join(f'"{self.name(1)}": {self.random.randint(0, 999)}' for _ in range(self.random.randint(3, 9)))
            return (
                f"{a.upper()} = {{{items}}}\n\n\n"
                f"def {a}_lookup(key: str, default: int = 0) -> int:\n"
                f"    if not key:\n"
                f"        raise ValueError(\"empty key\")\n"
                f"    return {a.upper()}.get(key.lower(), default)\n"
            )
        methods = "".join(
            f"    def {self.name()}(self, {self.name(1)}_value: float) -> float:\n"
            f"        scaled = {self.name(1)}_value * self.factor\n"
            f"        if scaled < 0:\n"
            f"            return 0.0\n"
            f"        return round(scaled, {self.random.randint(0, 4)})\n\n"
            for _ in range(self.random.randint(1, 4))
        )
        return (
            f"class {self.cls()}:\n"
            f"    def __init__(self, factor: float = 1.0) -> None:\n"
            f"        self.factor = factor\n"
            f"        self.seen: set[str] = set()\n\n"
            f"{methods}"
        )

    def ordinary_module(self, lines: int) -> str:
        """A module of about ``lines`` lines of ordinary code."""
        parts = [
            f'"""{self.name(3).replace("_", " ").capitalize()} utilities."""\n\n'
            "from __future__ import annotations\n\nimport logging\nfrom dataclasses import dataclass\n\n"
            "logger = logging.getLogger(__name__)\n"
        ]
        total = 8
        while total < lines:
            block = self.ordinary_block()
            parts.append("\n\n" + block)
            total += block.count("\n") + 2
        return "".join(parts)

    # -- MCP servers ------------------------------------------------------------------------

    def prompts(self) -> list[tuple[str, list[tuple[str, bool]]]]:
        """3-8 prompts, each with 1-4 arguments (name, required)."""
        found = []
        for index in range(self.random.randint(3, 8)):
            arguments = list({self.name(1): self.random.random() < 0.6 for _ in range(self.random.randint(1, 4))}.items())
            found.append((f"{self.name(1)}-{index}", arguments))
        return found

    def read_argument(self, source: str, argument: str, required: bool, error: str) -> str:
        """Lines reading one argument; now and then with a planted fault (a default or a
        subscript on a required argument), as real code has."""
        fault = self.random.random()
        if required and fault < 0.15:
            return f"    {argument} = {source}.get({argument!r}, {self.random.choice(LANGUAGES)!r})\n"
        if required and fault < 0.3:
            return f"    {argument} = {source}[{argument!r}]\n"
        if required:
            return (
                f"    {argument} = {source}.get({argument!r})\n"
                f"    if not {argument}:\n"
                f"        raise {error}\n"
            )
        return f"    {argument} = {source}.get({argument!r}) or {self.random.choice(LANGUAGES)!r}\n"

    def lowlevel_mcp1(self, service: str) -> str:
        prompts = self.prompts()
        declared = "".join(
            f"        types.Prompt(\n            name={name!r},\n            description=\"{name} helper\",\n"
            f"            arguments=[\n"
            + "".join(f"                types.PromptArgument(name={a!r}, required={r}),\n" for a, r in arguments)
            + "            ],\n        ),\n"
            for name, arguments in prompts
        )
        branches = ""
        for name, arguments in prompts:
            branches += f"    if name == {name!r}:\n"
            for argument, required in arguments:
                message = f"missing {argument}"
                error = f"McpError(ErrorData(code=INVALID_PARAMS, message={message!r}))"
                branches += "    " + self.read_argument("args", argument, required, error).replace("\n    ", "\n        ")
            branches += f"        return render({name!r}, {', '.join(a for a, _ in arguments)})\n"
        return (
            f'"""The {service} service (mcp 1.x low-level server)."""\n\n'
            "import mcp.types as types\nfrom mcp.server.lowlevel import Server\n"
            "from mcp.shared.exceptions import McpError\nfrom mcp.types import INVALID_PARAMS, ErrorData\n\n"
            "from .prompts import TEMPLATES, render_text\nfrom .validation import clean_text\n\n"
            f"server = Server({service!r})\n\n\n"
            "def render(name: str, *values: str) -> types.GetPromptResult:\n"
            "    text = render_text(TEMPLATES.get(name, name), [clean_text(v) for v in values])\n"
            "    return types.GetPromptResult(\n"
            "        messages=[types.PromptMessage(role=\"user\", content=types.TextContent(type=\"text\", text=text))]\n"
            "    )\n\n\n"
            "@server.list_prompts()\nasync def list_prompts() -> list[types.Prompt]:\n    return [\n"
            f"{declared}    ]\n\n\n"
            "@server.get_prompt()\n"
            "async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:\n"
            "    args = arguments or {}\n"
            f"{branches}"
            "    raise McpError(ErrorData(code=INVALID_PARAMS, message=f\"Unknown prompt: {name}\"))\n"
        )

    def lowlevel_mcp2(self, service: str) -> str:
        prompts = self.prompts()
        constants = "".join(
            f"{name.upper().replace('-', '_')} = types.Prompt(\n    name={name!r},\n    arguments=[\n"
            + "".join(f"        types.PromptArgument(name={a!r}, required={r}),\n" for a, r in arguments)
            + "    ],\n)\n"
            for name, arguments in prompts
        )
        listed = ", ".join(name.upper().replace("-", "_") for name, _ in prompts)
        branches = ""
        for name, arguments in prompts:
            branches += f"    if params.name == {name!r}:\n"
            for argument, required in arguments:
                message = f"{argument} is required"
                error = f"MCPError(code=types.INVALID_PARAMS, message={message!r})"
                branches += "    " + self.read_argument("arguments", argument, required, error).replace("\n    ", "\n        ")
            branches += f"        return reply(render_text(TEMPLATES.get({name!r}, ''), [{', '.join(a for a, _ in arguments)}]))\n"
        return (
            f'"""The {service} service (mcp 2.x low-level server)."""\n\n'
            "import mcp.types as types\nfrom mcp import MCPError\nfrom mcp.server import Server, ServerRequestContext\n\n"
            "from .prompts import TEMPLATES, render_text\n\n"
            f"{constants}\n\n"
            "def reply(text: str) -> types.GetPromptResult:\n"
            "    message = types.PromptMessage(role=\"user\", content=types.TextContent(type=\"text\", text=text))\n"
            "    return types.GetPromptResult(messages=[message])\n\n\n"
            "async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:\n"
            f"    return types.ListPromptsResult(prompts=[{listed}])\n\n\n"
            "async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:\n"
            "    arguments = params.arguments or {}\n"
            f"{branches}"
            "    raise MCPError(code=types.INVALID_PARAMS, message=\"unknown prompt\")\n\n\n"
            f"server = Server({service!r}, on_list_prompts=list_prompts, on_get_prompt=get_prompt)\n"
        )

    def decorated(self, service: str, header: str, variable: str, called: bool) -> str:
        """A FastMCP-family server: prompts as typed functions, a few tools."""
        parens = "()" if called else ""
        body = ""
        for name, arguments in self.prompts():
            function = name.replace("-", "_")
            arguments = sorted(arguments, key=lambda item: not item[1])  # required ones first
            parameters = ", ".join(
                f"{a}: str" if r else f"{a}: str = {self.random.choice(LANGUAGES)!r}" for a, r in arguments
            )
            values = ", ".join(a for a, _ in arguments)
            body += (
                f"\n\n@{variable}.prompt{parens}\n"
                f"def {function}({parameters}) -> str:\n"
                f'    """Ask for {function.replace("_", " ")}."""\n'
                f"    return render_text(TEMPLATES.get({name!r}, {name!r}), [clean_text(v) for v in ({values},)])\n"
            )
        for _ in range(self.random.randint(1, 4)):
            tool = self.name()
            body += (
                f"\n\n@{variable}.tool{parens}\n"
                f"def {tool}(query: str, limit: int = 10) -> list[str]:\n"
                f'    """Search {tool.replace("_", " ")}."""\n'
                f"    if limit <= 0:\n"
                f"        raise ValueError(\"limit must be positive\")\n"
                f"    return [query.upper()] * min(limit, 3)\n"
            )
        return (
            f'"""The {service} service."""\n\n{header}\n\n'
            "from .prompts import TEMPLATES, render_text\nfrom .validation import clean_text\n\n"
            f"{variable} = {header.split()[-1]}({service!r})\n{body}"
        )

    def server(self, stack: str, service: str) -> str:
        """A server of ``stack`` followed by ordinary code, so its size is realistic."""
        if stack == "mcp1-lowlevel":
            text = self.lowlevel_mcp1(service)
        elif stack == "mcp2-lowlevel":
            text = self.lowlevel_mcp2(service)
        elif stack == "sdk-fastmcp":
            text = self.decorated(service, "from mcp.server.fastmcp import FastMCP", "mcp", called=True)
        elif stack == "mcpserver":
            text = self.decorated(service, "from mcp.server.mcpserver import MCPServer", "app", called=True)
        else:
            text = self.decorated(service, "from fastmcp import FastMCP", "mcp", called=False)
        extra = self.ordinary_module(self.random.randint(40, 160)).split("\n\n\n", 1)[1]
        return text + "\n\nimport logging\nfrom dataclasses import dataclass\n\nlogger = logging.getLogger(__name__)\n\n\n" + extra

    def helpers(self) -> dict[str, str]:
        """The two project modules every server imports (no MCP code in them)."""
        return {
            "prompts.py": (
                '"""Prompt texts of this service."""\n\n'
                f"TEMPLATES = {{{', '.join(repr(self.name(1)) + ': ' + repr('Write about {}.') for _ in range(4))}}}\n\n\n"
                "def render_text(template: str, values: list[str]) -> str:\n"
                "    return template.format(*values) if \"{}\" in template else \" \".join([template, *values])\n"
            ),
            "validation.py": (
                '"""Input clean-up shared by the handlers."""\n\n\n'
                "def clean_text(value: object) -> str:\n"
                "    text = str(value).strip()\n"
                "    if len(text) > 2000:\n"
                "        raise ValueError(\"value too long\")\n"
                "    return text\n"
            ),
        }


def generate(root: Path, files: int, mcp_share: float, seed: int) -> list[Path]:
    """Write the monorepo under ``root``; returns the MCP server files."""
    writer = Writer(seed)
    root.mkdir(parents=True, exist_ok=True)
    (root / ".git").mkdir(exist_ok=True)  # the repository root: pin searches stop here
    (root / "pyproject.toml").write_text('[project]\nname = "monorepo"\nversion = "0"\n\n[tool.mcplint]\n')
    servers = max(len(STACKS), round(files * mcp_share))
    written, mcp_files = 0, []
    for index in range(servers):
        stack = STACKS[index % len(STACKS)]
        package = root / "services" / f"svc_{index:04d}"
        package.mkdir(parents=True)
        (package / "pyproject.toml").write_text(
            f'[project]\nname = "svc-{index:04d}"\nversion = "0"\ndependencies = ["{PINS[stack]}"]\n'
        )
        (package / "__init__.py").write_text("")
        for name, text in writer.helpers().items():
            (package / name).write_text(text)
        server = package / "server.py"
        server.write_text(writer.server(stack, f"svc-{index:04d}"))
        mcp_files.append(server)
        written += 4
    index = 0
    while written < files:
        folder = root / "libs" / f"lib_{index // 50:03d}"
        folder.mkdir(parents=True, exist_ok=True)
        text = writer.ordinary_module(int(writer.random.triangular(50, 250, 110)))
        assert "mcp" not in text
        (folder / f"{writer.name()}_{index}.py").write_text(text)
        written += 1
        index += 1
    return mcp_files


# --------------------------------------------------------------------------- timing


def parse_files(list_file: str) -> None:
    """``--parse-list FILE`` mode: read and parse every path listed; print the seconds spent."""
    import libcst

    paths = Path(list_file).read_text().splitlines()
    start = time.perf_counter()
    for path in paths:
        libcst.parse_module(Path(path).read_text(encoding="utf-8"))
    print(f"{time.perf_counter() - start:.4f}")


def children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process and their children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], repeat: int, cwd: Path, env: dict[str, str], before=None) -> tuple[float, float, list[float], str]:
    """Median wall time and median CPU time of ``repeat`` runs of ``command`` (``before()``
    runs untimed first); the CPU time includes worker processes."""
    times, cpu_times, output = [], [], ""
    for _ in range(repeat):
        if before is not None:
            before()
        start, cpu_start = time.perf_counter(), children_cpu()
        completed = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        cpu_times.append(children_cpu() - cpu_start)
        if completed.returncode not in ((0, 1) if "mcplint" in command else (0,)):
            raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr[-2000:]}")
        output = completed.stdout
    return statistics.median(times), statistics.median(cpu_times), times, output


def dependencies_of(mcp_files: list[Path], root: Path) -> list[Path]:
    """The project modules mcplint reads for ``mcp_files`` (untimed, in this process)."""
    from mcplint.config import Settings
    from mcplint.engine import lint_source

    settings = Settings(project_root=root, config_path=root / "pyproject.toml")
    found: set[str] = set()
    for path in mcp_files:
        dependencies: list[str] = []
        lint_source(path.read_bytes(), path, settings, dependencies=dependencies)
        found.update(dependencies)
    # Dependencies also name where an unresolved import would be (a cache key): not read.
    return sorted(Path(p) for p in found if Path(p).is_file())


def freeze_mcplint(folder: Path) -> Path:
    """A copy of the mcplint package being measured, put first on ``PYTHONPATH`` for every
    run: the cache keys on mcplint's own files, so edits to a development checkout during
    the benchmark must not turn warm runs cold. Its bytecode is compiled before any run, so
    that no timed run pays for compiling it."""
    import compileall

    import mcplint

    shutil.copytree(Path(mcplint.__file__).parent, folder / "mcplint", ignore=shutil.ignore_patterns("__pycache__"))
    compileall.compile_dir(str(folder / "mcplint"), quiet=1)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000, help="Python files in the monorepo (default 10000)")
    parser.add_argument("--mcp-share", type=float, default=0.02, help="share of files that are MCP servers")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the median is shown)")
    parser.add_argument("--parse-all-repeat", type=int, default=1,
                        help="runs of the slowest figure, the parse of every file (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mcplint --jobs (default: all cores)")
    parser.add_argument("--keep", type=Path, help="generate here and keep it (default: a temporary folder)")
    parser.add_argument("--parse-list", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.parse_list:
        parse_files(args.parse_list)
        return
    folder = args.keep or Path(tempfile.mkdtemp(prefix="mcplint-monorepo-"))
    try:
        run(args, folder / "repo")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


def run(args: argparse.Namespace, root: Path) -> None:
    python = sys.executable
    started = time.perf_counter()
    mcp_files = generate(root, args.files, args.mcp_share, args.seed)
    all_files = sorted(root.rglob("*.py"))
    lines = sum(p.read_bytes().count(b"\n") for p in all_files)
    mcp_lines = sum(p.read_bytes().count(b"\n") for p in mcp_files)
    print(f"monorepo: {len(all_files)} files, {lines} lines; {len(mcp_files)} MCP servers ({mcp_lines} lines) "
          f"of {len(STACKS)} stacks; generated in {time.perf_counter() - started:.1f} s; {args.jobs} jobs, "
          f"median of {args.repeat} runs")
    dependencies = dependencies_of(mcp_files, root)
    mcp_list, all_list = root.parent / "mcp-files.txt", root.parent / "all-files.txt"
    mcp_list.write_text("\n".join(map(str, mcp_files + dependencies)))
    all_list.write_text("\n".join(map(str, all_files)))
    script = str(Path(__file__).resolve())
    env = {**os.environ, "PYTHONPATH": str(freeze_mcplint(root.parent / "frozen"))}
    figures: dict[str, float] = {}
    cpu_figures: dict[str, float] = {}
    inner: dict[str, str] = {}

    def measure(label: str, command: list[str], before=None, repeat: int = args.repeat) -> str:
        median, cpu, times, output = timed(command, repeat, root, env, before)
        figures[label], cpu_figures[label] = median, cpu
        if label.startswith("parse"):
            inner[label] = f"  (last run's parse loop alone: {float(output.strip()):.2f} s)"
        print(f"  {label:<30} wall {median:7.2f} s  cpu {cpu:7.2f} s   wall runs: "
              f"{', '.join(f'{t:.2f}' for t in times)}{inner.get(label, '')}")
        return output

    measure(f"parse MCP ({len(mcp_files)}+{len(dependencies)} deps)", [python, script, "--parse-list", str(mcp_list)])
    check = [python, "-m", "mcplint", "check", ".", "--output-format", "json", "--jobs", str(args.jobs)]
    cold = measure("mcplint cold (--no-cache)", [*check, "--no-cache"])
    cache = root / ".mcplint_cache"
    measure("mcplint cold, filling cache", check, before=lambda: shutil.rmtree(cache, ignore_errors=True), repeat=1)
    warm = measure("mcplint warm (cache)", check)
    ruff = shutil.which("ruff") or (str(Path(python).parent / "ruff") if (Path(python).parent / "ruff").exists() else None)
    if ruff:
        measure("ruff check (defaults)", [ruff, "check", "--isolated", "--no-cache", "--exit-zero", "-q", "."])
    else:
        print("  ruff check: skipped (ruff is not installed)")
    # Last, being by far the slowest: every figure above is printed even if this is cut short.
    measure(f"parse all ({len(all_files)})", [python, script, "--parse-list", str(all_list)],
            repeat=args.parse_all_repeat)
    findings_cold, findings_warm = json.loads(cold), json.loads(warm)
    codes = sorted({d["code"] for d in findings_cold})
    print(f"findings: {len(findings_cold)} cold, {len(findings_warm)} warm, identical: {findings_cold == findings_warm}; "
          f"codes: {', '.join(codes)}; files with findings: {len({d['filename'] for d in findings_cold})}")
    print("ratios (wall; cpu = user+system of all processes, the fairer figure on a busy machine):")
    for kind, table in (("wall", figures), ("cpu", cpu_figures)):
        parse_mcp = next(v for k, v in table.items() if k.startswith("parse MCP"))
        parse_all = next(v for k, v in table.items() if k.startswith("parse all"))
        cold_s, warm_s = table["mcplint cold (--no-cache)"], table["mcplint warm (cache)"]
        line = (f"  {kind:<4}: cold / parse MCP = {cold_s / parse_mcp:.2f}x (target <= 1.3x); "
                f"warm / cold = {warm_s / cold_s:.2f}x (target <= 0.1x); cold / parse all = {cold_s / parse_all:.3f}x")
        if "ruff check (defaults)" in table:
            line += f"; ruff / parse all = {table['ruff check (defaults)'] / parse_all:.3f}x"
        print(line)

if __name__ == "__main__":
    main()
