"""The ``.mcplint_cache``: warm runs answer from it, and every input of a file's result
(its bytes, the project modules its model read, its pin files, the settings) invalidates it.

``SERVER`` is a low-level server whose ``get_prompt`` subscripts a required argument
(MCP202 on line ``FAULT_LINE``), modelled on the shared example
``f4_keyerror_subscript_lowlevel.py``.
"""

from __future__ import annotations

import json
import os
import pickle
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcplint import cache as cache_module
from mcplint import engine, runner
from mcplint.cache import CACHE_DIR_NAME, Cache, cache_root, diagnostic_from_dict, diagnostic_to_dict
from mcplint.cli import cli
from mcplint.config import Settings
from mcplint.diagnostics import Applicability, Diagnostic, Edit, Fix, Position, RelatedLocation, Severity, Span

SERVER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("tests")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(
            name="write-tests",
            arguments=[types.PromptArgument(name="language", required=True)],
        )
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "write-tests":
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    args = arguments or {}
    language = args["language"]
    text = f"Write unit tests in {language}."
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )
'''
FAULT_LINE = 24


@pytest.fixture(params=["hashes", "stamps"])
def cache_mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test twice: as the cache behaves on files just written (their stamps are never
    trusted, so every input is read and hashed), and with stamps trusted at once, as they
    are for files last changed more than ``SETTLE_NS`` before a run."""
    if request.param == "stamps":
        monkeypatch.setattr(cache_module, "SETTLE_NS", -10**12)
    return request.param


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache_mode: str) -> Path:
    """A project (its own pyproject.toml, so it is the cache root) with one faulty server
    and one file without MCP code; the cwd for the test."""
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["mcp==1.9.4"]\n\n[tool.mcplint]\n')
    (tmp_path / "server.py").write_text(SERVER, encoding="utf-8")
    (tmp_path / "util.py").write_text("def add(a, b):\n    return a + b\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


class CountingLint:
    """Wraps ``engine.lint_source`` and counts the files really linted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paths: list[str] = []
        self._real = engine.lint_source
        monkeypatch.setattr(engine, "lint_source", self)

    def __call__(self, source, path, settings=None, **options):
        self.paths.append(Path(path).name)
        return self._real(source, path, settings, **options)


def settings_of(project: Path, **changes) -> Settings:
    """The project's settings, selecting the two codes these tests observe (so that other rules
    cannot change what they see)."""
    values = {"select": ("MCP101", "MCP202"), **changes}
    return Settings(project_root=project, config_path=project / "pyproject.toml", **values)


def lint(project: Path, **changes) -> list[Diagnostic]:
    result = runner.lint_paths([Path(".")], settings_of(project, **changes), jobs=1, cache=True)
    assert result.errors == []
    return result.diagnostics


def test_warm_run_gives_identical_diagnostics_without_linting(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = lint(project)
    assert [(d.code, d.span.start.line) for d in cold] == [("MCP202", FAULT_LINE)]
    counter = CountingLint(monkeypatch)
    assert lint(project) == cold
    assert counter.paths == []


def test_cache_folder_is_marked_for_git_and_backup_tools(project: Path) -> None:
    lint(project)
    folder = project / CACHE_DIR_NAME
    assert (folder / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (folder / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    entries = list(folder.rglob("[0-9a-f]*.json"))  # per-file entries (not prefilter.json)
    assert len(entries) == 1  # util.py has no MCP code and needs no entry
    assert not list(folder.rglob(".tmp-*"))


def test_changing_the_file_relints_it(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lint(project)
    counter = CountingLint(monkeypatch)
    (project / "server.py").write_text(SERVER.replace('args["language"]', 'args.get("language", "")'))
    assert [d.code for d in lint(project)] == ["MCP101"]
    assert counter.paths == ["server.py"]


def test_changing_settings_relints(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lint(project)
    counter = CountingLint(monkeypatch)
    assert lint(project, ignore=("MCP202",)) == []
    assert counter.paths == ["server.py"]


def test_changing_a_pin_file_relints(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lint(project)
    counter = CountingLint(monkeypatch)
    (project / "pyproject.toml").write_text('[project]\ndependencies = ["mcp==1.12.0"]\n\n[tool.mcplint]\n')
    lint(project)
    assert counter.paths == ["server.py"]


def test_a_new_lock_file_relints(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lint(project)
    counter = CountingLint(monkeypatch)
    (project / "uv.lock").write_text('[[package]]\nname = "mcp"\nversion = "1.9.4"\n')
    lint(project)
    assert counter.paths == ["server.py"]


def test_changing_a_dependency_module_invalidates_the_entry(project: Path) -> None:
    server, helper = project / "server.py", project / "prompts.py"
    helper.write_text("ARGUMENTS = ['language']\n", encoding="utf-8")
    cache = Cache(project, settings_of(project))
    data = server.read_bytes()
    found = [Diagnostic("MCP202", "unguarded-argument-access", "m", "server.py", Span.point(FAULT_LINE, 15))]
    cache.put(server, data, found, [str(helper)])
    assert cache.get(server, data) == found
    helper.write_text("ARGUMENTS = ['language', 'style']\n", encoding="utf-8")
    assert cache.get(server, data) is None
    helper.unlink()
    assert cache.get(server, data) is None


def test_a_corrupt_entry_is_ignored_and_replaced(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = lint(project)
    [entry] = (project / CACHE_DIR_NAME).rglob("[0-9a-f]*.json")
    for garbage in ("{not json", '{"key": 1}', json.dumps({"key": "x", "dependencies": [], "diagnostics": [{}]})):
        entry.write_text(garbage, encoding="utf-8")
        counter = CountingLint(monkeypatch)
        assert lint(project) == cold
        assert counter.paths == ["server.py"]
        assert json.loads(entry.read_text(encoding="utf-8"))["path"] == "server.py"


def test_an_entry_holding_an_internal_error_is_not_stored(project: Path) -> None:
    cache = Cache(project, settings_of(project))
    data = (project / "server.py").read_bytes()
    crash = Diagnostic("MCP002", "internal-error", "mcplint failed", "server.py", Span.point(1, 0))
    cache.put(project / "server.py", data, [crash], [])
    assert cache.get(project / "server.py", data) is None


def test_diagnostic_round_trip_keeps_fix_related_and_severity() -> None:
    span = Span(Position(3, 4), Position(3, 20))
    original = Diagnostic(
        code="MCP202", name="unguarded-argument-access", message="m", path="s.py", span=span,
        severity=Severity.WARNING,
        related=(RelatedLocation("prompts.py", Span.point(1, 0), "declared here"),),
        fix=Fix("Use .get", (Edit(span, "args.get('x')"), Edit(Span.point(1, 0), "import x\n")), Applicability.UNSAFE),
    )
    assert diagnostic_from_dict(json.loads(json.dumps(diagnostic_to_dict(original)))) == original


def test_cache_goes_to_worker_processes(project: Path) -> None:
    cache = Cache(project, settings_of(project))
    copy = pickle.loads(pickle.dumps(cache))
    data = b"import mcp\n"
    assert copy.key(project / "server.py", data) == cache.key(project / "server.py", data)


def test_cache_root_is_the_project_root_else_the_common_parent(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "c.py").write_text("")
    assert cache_root([tmp_path / "a" / "b", tmp_path / "a" / "c.py"], Settings()) == tmp_path / "a"
    assert cache_root([tmp_path / "a" / "c.py"], Settings(project_root=tmp_path)) == tmp_path


def test_cli_caches_by_default_and_no_cache_writes_nothing(project: Path) -> None:
    result = CliRunner().invoke(cli, ["--no-cache", "--select", "MCP202", "--output-format", "concise", "."])
    assert result.exit_code == 1
    assert not (project / CACHE_DIR_NAME).exists()
    result = CliRunner().invoke(cli, ["--select", "MCP202", "--output-format", "concise", "."])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"server.py:{FAULT_LINE}:16: MCP202 ")
    assert (project / CACHE_DIR_NAME / "CACHEDIR.TAG").is_file()


def test_lint_source_never_touches_the_cache(project: Path) -> None:
    """The language server lints unsaved buffers with ``lint_source``: no cache there."""
    found = engine.lint_source((project / "server.py").read_bytes(), project / "server.py", settings_of(project))
    assert [d.code for d in found] == ["MCP202"]
    assert not (project / CACHE_DIR_NAME).exists()


def test_a_project_module_that_appears_later_invalidates_the_entry(tmp_path: Path, cache_mode: str) -> None:
    """`from helpers import PROMPTS` resolved to nothing when cached; once helpers.py exists
    the declarations are known and the finding appears."""
    from mcplint.runner import lint_paths

    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    server = tmp_path / "server.py"
    server.write_text(
        "import mcp.types as types\nfrom mcp.server.lowlevel import Server\nfrom mcp.shared.exceptions import McpError\n"
        "from helpers import PROMPTS\n\nserver = Server('s')\n\n\n@server.list_prompts()\nasync def list_prompts():\n"
        "    return PROMPTS\n\n\n@server.get_prompt()\nasync def get_prompt(name, arguments):\n"
        "    if name != 'deploy':\n        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=name))\n"
        "    return (arguments or {}).get('Service', 'x')\n")
    assert lint_paths([server], Settings(), cache=True).diagnostics == []
    (tmp_path / "helpers.py").write_text(
        "import mcp.types as types\nPROMPTS = [types.Prompt(name='deploy', arguments=["
        "types.PromptArgument(name='service', required=True)])]\n")
    assert [d.code for d in lint_paths([server], Settings(), cache=True).diagnostics] == ["MCP102"]


REGISTERED_PROMPTS = (
    "def register_prompts(app):\n"
    "    @app.prompt()\n"
    "    def review(level: str) -> str:\n"
    "        if level not in ('low', 'high'):\n"
    "            raise ValueError('bad level')\n"
    "        return f'Review at {level}'\n"
)
#: The caller that makes ``app`` a fastmcp server with ErrorHandlingMiddleware, which sends the
#: ValueError as -32602: with it known, the MCP201 of the uncalled registration function goes.
CALLER = (
    "from fastmcp import FastMCP\n"
    "from fastmcp.server.middleware.error_handling import ErrorHandlingMiddleware\n"
    "from app.prompts import register_prompts\n"
    "mcp = FastMCP('x')\n"
    "mcp.add_middleware(ErrorHandlingMiddleware())\n"
)


@pytest.fixture
def registration_package(tmp_path: Path) -> Path:
    """A fastmcp 2 project whose ``app/prompts.py`` registers a prompt on a parameter no module calls yet."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\ndependencies = ['fastmcp==2.14.7']\n")
    package = tmp_path / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "prompts.py").write_text(REGISTERED_PROMPTS)
    return tmp_path


def codes_by_file(root: Path) -> list[tuple[str, str]]:
    result = runner.lint_paths([root], Settings(select=("MCP201",)), jobs=1, cache=True)
    return sorted((Path(d.path).name, d.code) for d in result.diagnostics)


def test_a_caller_module_that_appears_later_relints_the_registration(registration_package: Path,
                                                                     cache_mode: str) -> None:
    """The callers of ``register_prompts`` were searched for in every project module: one
    that appears later changes the result of ``prompts.py`` though it read no file of it."""
    assert codes_by_file(registration_package) == [("prompts.py", "MCP201")]
    (registration_package / "app" / "server.py").write_text(CALLER + "register_prompts(mcp)\n")
    assert codes_by_file(registration_package) == []


def test_a_module_that_starts_calling_relints_the_registration(registration_package: Path, cache_mode: str) -> None:
    """A module outside the registration's folder that did not name the function when
    searched, edited to call it."""
    server = registration_package / "main.py"
    server.write_text(CALLER.replace("from app.prompts import register_prompts\n", ""))
    assert codes_by_file(registration_package) == [("prompts.py", "MCP201")]
    server.write_text(CALLER + "register_prompts(mcp)\n")
    os.utime(server, ns=(time.time_ns() + 10**9,) * 2)  # a later stamp even on a coarse clock
    assert codes_by_file(registration_package) == []


def test_an_edit_that_calls_nothing_keeps_the_registration_cached(registration_package: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A search dependency's bytes are what it found: an edit elsewhere that does not name the
    function changes the stamps but not the key, so the entry still answers."""
    other = registration_package / "tools" / "util.py"  # outside the folder, whose every module is read
    other.parent.mkdir()
    other.write_text("X = 1\n")
    assert codes_by_file(registration_package) == [("prompts.py", "MCP201")]
    other.write_text("X = 2\n")
    counter = CountingLint(monkeypatch)
    assert codes_by_file(registration_package) == [("prompts.py", "MCP201")]
    assert "prompts.py" not in counter.paths


class CountingReads:
    """Counts reads of the project's files: ``Path.read_bytes`` calls and the cache's reads of
    dependencies (:func:`mcplint.regular_files.read_regular`)."""

    def __init__(self, project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        import mcplint.cache

        self.names: list[str] = []
        real, real_regular = Path.read_bytes, mcplint.cache.read_regular

        def counted(read):
            def read_bytes(path) -> bytes:
                if Path(path).absolute().parent == project:
                    self.names.append(Path(path).name)
                return read(path)
            return read_bytes

        monkeypatch.setattr(Path, "read_bytes", counted(real))
        monkeypatch.setattr(mcplint.cache, "read_regular", counted(real_regular))


def test_warm_run_on_settled_files_reads_none_of_them(project: Path, cache_mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = lint(project)
    reads = CountingReads(project, monkeypatch)
    assert lint(project) == cold
    if cache_mode == "stamps":
        assert reads.names == []  # the server's entry and the prefilter index answer from stamps
    else:
        assert sorted(reads.names) == ["pyproject.toml", "server.py", "util.py"]  # just written: read and hashed


def test_files_changed_just_before_the_run_get_no_stamps(project: Path, cache_mode: str) -> None:
    lint(project)
    [entry] = (project / CACHE_DIR_NAME).rglob("[0-9a-f]*.json")
    stamps = json.loads(entry.read_text(encoding="utf-8"))["stamps"]
    index = list((project / CACHE_DIR_NAME).rglob("prefilter.json"))
    if cache_mode == "stamps":
        assert sorted(Path(name).name for name in stamps) == ["pyproject.toml", "server.py"]
        assert [Path(name).name for name in json.loads(index[0].read_text(encoding="utf-8"))["clean"]] == ["util.py"]
    else:
        assert stamps is None
        assert index == []  # nothing to remember


def test_a_same_size_edit_that_restores_the_modification_time_relints(project: Path, cache_mode: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    lint(project)
    server = project / "server.py"
    before = os.stat(server)
    time.sleep(0.05)  # past the file system's timestamp granularity, so the change time moves
    server.write_text(SERVER.replace('args["language"]', 'args["Language"]'), encoding="utf-8")
    os.utime(server, ns=(before.st_atime_ns, before.st_mtime_ns))  # as `touch -r` or rsync -t would
    assert (os.stat(server).st_size, os.stat(server).st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    counter = CountingLint(monkeypatch)
    assert [d.code for d in lint(project, select=("MCP102",))] == ["MCP102"]
    assert counter.paths == ["server.py"]


def test_a_file_that_gains_mcp_code_leaves_the_prefilter_index(project: Path, cache_mode: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    lint(project)
    counter = CountingLint(monkeypatch)
    (project / "util.py").write_text(SERVER, encoding="utf-8")
    assert [(Path(d.path).name, d.code) for d in lint(project)] == [("server.py", "MCP202"), ("util.py", "MCP202")]
    assert counter.paths == ["util.py"]


def test_an_entry_vouched_for_by_its_key_answers_from_stamps_next_time(project: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A touched file (same bytes, new stamp) is read and hashed once, then its entry carries
    the new stamps, so the run after reads nothing again."""
    monkeypatch.setattr(cache_module, "SETTLE_NS", -10**12)  # stamps trusted at once
    cold = lint(project)
    later = time.time_ns() + 10**9
    os.utime(project / "server.py", ns=(later, later))
    reads = CountingReads(project, monkeypatch)
    assert lint(project) == cold
    assert "server.py" in reads.names  # its stamp changed: answered by its key
    reads.names.clear()
    assert lint(project) == cold
    assert reads.names == []


def test_no_entry_when_a_dependency_changes_during_the_run(project: Path) -> None:
    """The engine may have read (and cached) the old bytes; hashing the new ones at the
    end would make a key that matches a result of the old."""
    server, helper = project / "server.py", project / "prompts.py"
    cache = Cache(project, settings_of(project))
    helper.write_text("ARGUMENTS = ['language']\n", encoding="utf-8")
    # A change during the run, a clock tick or more after its start: a file system stamps
    # with a coarse clock, so a write just after `Cache()` may carry a slightly earlier
    # time (a window the cache accepts, since nothing has read the file yet by then).
    during = cache.started_ns + 50_000_000
    os.utime(helper, ns=(during, during))
    data = server.read_bytes()
    cache.put(server, data, [], [str(helper)])
    assert cache.get(server, data) is None
    assert not list((project / CACHE_DIR_NAME).rglob("[0-9a-f]*.json"))


def test_an_absurdly_nested_cache_file_is_a_miss_not_a_crash(project: Path) -> None:
    cold = lint(project)
    nested = "[" * 100_000 + "]" * 100_000
    for file in (project / CACHE_DIR_NAME).rglob("*.json"):
        file.write_text(nested, encoding="utf-8")
    assert lint(project) == cold


# -- what a result depends on besides the file (found by an adversarial review) ---------------

SPLIT_SERVER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData
{import_line}

server = Server("review")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return PROMPTS


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "code-review":
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {{name}}"))
    code = (arguments or {{}}).get("Code")
    if not code:
        raise McpError(ErrorData(code=INVALID_PARAMS, message="Missing required argument 'code'"))
    return types.GetPromptResult(messages=[])
'''


def declaring(name: str) -> str:
    """A module declaring prompt ``code-review`` with the required argument ``name``."""
    return ("import mcp.types as types\n\nPROMPTS = [types.Prompt(name='code-review', "
            f"arguments=[types.PromptArgument(name='{name}', required=True)])]\n")


def split_codes(project: Path) -> list[tuple[str, str]]:
    return [(Path(d.path).name, d.code) for d in lint(project, select=("MCP102",))]


@pytest.fixture
def split(project: Path) -> Path:
    """The server reads 'Code'; MCP102 fires exactly when the imported declaration says 'code'."""
    (project / "server.py").write_text(SPLIT_SERVER.format(import_line="from helpers import PROMPTS"))
    return project


def test_a_module_that_now_shadows_the_import_relints(split: Path) -> None:
    (split / "helpers.py").write_text(declaring("code"))
    (split / "pkg").mkdir()
    (split / "pkg" / "server.py").write_text((split / "server.py").read_text())
    (split / "server.py").unlink()
    assert split_codes(split) == [("server.py", "MCP102")]
    (split / "pkg" / "helpers.py").write_text(declaring("Code"))  # found first from now on
    assert split_codes(split) == []


def test_a_re_exported_module_that_appears_later_relints(split: Path) -> None:
    (split / "helpers.py").write_text("from defs import PROMPTS\n")
    assert split_codes(split) == []
    (split / "defs.py").write_text(declaring("code"))
    assert split_codes(split) == [("server.py", "MCP102")]


def test_fixing_a_helper_that_did_not_parse_relints(split: Path) -> None:
    (split / "helpers.py").write_text("PROMPTS = [\n")
    assert split_codes(split) == []
    (split / "helpers.py").write_text(declaring("code"))
    assert split_codes(split) == [("server.py", "MCP102")]


def test_retargeting_a_symlinked_helper_relints(split: Path) -> None:
    (split / "v1.py").write_text(declaring("code"))
    (split / "v2.py").write_text(declaring("Code"))
    (split / "helpers.py").symlink_to(split / "v1.py")
    assert split_codes(split) == [("server.py", "MCP102")]
    (split / "helpers.py").unlink()
    (split / "helpers.py").symlink_to(split / "v2.py")
    assert split_codes(split) == []


def test_one_file_s_links_never_leak_into_another_s_analysis(project: Path) -> None:
    (project / "z.py").write_text(declaring("code"))
    for name, source in (("y", "z"), ("x", "y"), ("w", "x")):
        (project / f"{name}.py").write_text(f"from {source} import PROMPTS\n")
    (project / "a_server.py").write_text(SPLIT_SERVER.format(import_line="from y import PROMPTS"))
    (project / "d_server.py").write_text(SPLIT_SERVER.format(import_line="from w import PROMPTS"))
    found = [(Path(d.path).name, d.code) for d in runner.lint_paths(
        [Path(".")], settings_of(project, select=("MCP102", "MCP002")), jobs=1).diagnostics]
    # d_server's declarations are four imports away, past the depth followed: unknown, silent.
    # (Linked after a_server, it used to see a_server's links in a shared table: MCP002.)
    assert found == [("a_server.py", "MCP102")]


COMPLETING_SERVER = """\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData

server = Server("review-prompts")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(
            name="code-review",
            description="Review a code snippet",
            arguments=[
                types.PromptArgument(name="code", description="The code to review", required=True),
            ],
        )
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "code-review":
        raise McpError(ErrorData(code=INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    arguments = arguments or {}
    code = arguments.get("code")
    if not isinstance(code, str) or not code.strip():
        raise McpError(ErrorData(code=INVALID_PARAMS, message="Missing required argument 'code'"))
    text = f"Please review this code:\\n\\n{code}"
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )


@server.completion()
async def complete(ref, argument, context):
    if isinstance(ref, types.PromptReference) and ref.name == "code-reviews":
        return types.Completion(values=["a"])
    return None
"""


def test_a_sibling_module_that_starts_adding_prompts_relints(project: Path) -> None:
    # The completion handler names a prompt nobody declares (MCP501) until another module
    # of the project may add prompts to this server: then the prompt list is unknown.
    (project / "server.py").write_text(COMPLETING_SERVER)
    assert [d.code for d in lint(project, select=("MCP501",))] == ["MCP501"]
    (project / "extra.py").write_text("from server import server\nserver.add_prompt(None)\n")
    assert lint(project, select=("MCP501",)) == []
