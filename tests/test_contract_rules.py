"""The MCP70x rules and ``mcplint contract --diff`` against a lockfile or a git ref, on small
projects written to a temporary folder: renames across modules, moved items, pre-commit's
partial file lists, the lockfile changing under a running process, git errors."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.contract import build_contract
from mcplint.contract.baseline import write_lockfile
from mcplint.engine import lint_source

APP = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('split')\n"


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def prompt_module(*names: str) -> str:
    parts = ["from app import mcp\n"]
    for name in names:
        parts.append(f"\n\n@mcp.prompt()\ndef {name}(text: str) -> str:\n    return text\n")
    return "".join(parts)


def lock(root: Path) -> None:
    settings = Settings(project_root=root)
    write_lockfile(build_contract([root], settings), settings)


def findings(root: Path, *names: str) -> list[tuple[str, int, str]]:
    settings = Settings(project_root=root, select=("MCP7",))
    found = []
    for name in names:
        path = root / name
        for diagnostic in lint_source(path.read_bytes(), str(path), settings):
            found.append((os.path.relpath(diagnostic.path, root), diagnostic.span.start.line, diagnostic.code))
    return sorted(found)


def test_rename_across_modules_is_one_finding_at_the_new_name(tmp_path: Path) -> None:
    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code"), "b.py": prompt_module("other")})
    lock(tmp_path)
    write(tmp_path, {"a.py": "from app import mcp\n", "b.py": prompt_module("other", "code_snippet")})
    assert findings(tmp_path, "app.py", "a.py", "b.py") == [("b.py", 9, "MCP701")]
    [diagnostic] = lint_source((tmp_path / "b.py").read_bytes(), str(tmp_path / "b.py"),
                               Settings(project_root=tmp_path, select=("MCP7",)))
    assert "'code' of server 'split' (app.py) was removed and 'code_snippet' added: renamed?" in diagnostic.message


def test_an_item_moved_to_another_module_is_not_removed(tmp_path: Path) -> None:
    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code", "keep"), "b.py": prompt_module("other")})
    lock(tmp_path)
    write(tmp_path, {"a.py": prompt_module("keep"), "b.py": prompt_module("other", "code")})
    assert findings(tmp_path, "app.py", "a.py", "b.py") == []


def test_a_removed_item_is_reported_once_in_the_module_that_declared_it(tmp_path: Path) -> None:
    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code", "keep")})
    lock(tmp_path)
    write(tmp_path, {"a.py": prompt_module("keep")})
    assert findings(tmp_path, "app.py", "a.py") == [("a.py", 4, "MCP701")]


def test_only_the_linted_files_servers_are_compared(tmp_path: Path) -> None:
    other = "from mcp.server.fastmcp import FastMCP\n\nother = FastMCP('other')\n\n\n@other.tool()\ndef ping() -> str:\n    return ''\n"
    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code"), "other.py": other})
    lock(tmp_path)
    write(tmp_path, {"other.py": "from mcp.server.fastmcp import FastMCP\n\nother = FastMCP('other')\n"})
    assert findings(tmp_path, "app.py", "a.py") == []  # pre-commit passed only these
    assert findings(tmp_path, "other.py") == [("other.py", 3, "MCP701")]


def test_the_lockfile_is_read_again_when_it_changes(tmp_path: Path) -> None:
    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code")})
    lock(tmp_path)
    write(tmp_path, {"a.py": prompt_module("code_snippet")})
    assert findings(tmp_path, "a.py") == [("a.py", 4, "MCP701")]
    lock(tmp_path)
    os.utime(tmp_path / "mcp-contract.json", ns=(1, 1))  # a different stamp even on a coarse clock
    assert findings(tmp_path, "a.py") == []


def test_no_lockfile_no_findings(tmp_path: Path) -> None:
    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code")})
    assert findings(tmp_path, "app.py", "a.py") == []


def test_contract_file_setting_names_the_lockfile(tmp_path: Path) -> None:
    write(tmp_path, {"pyproject.toml": "[tool.mcplint]\ncontract-file = 'api/contract.json'\n",
                     "app.py": APP, "a.py": prompt_module("code")})
    done = _mcplint(["contract", "--write", "."], tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "api" / "contract.json").read_text())["servers"][0]["name"] == "split"
    write(tmp_path, {"a.py": prompt_module("renamed")})
    done = _mcplint(["check", "--output-format", "concise", "."], tmp_path)
    assert (done.returncode, done.stdout.split(" ", 2)[:2]) == (1, ["a.py:4:1:", "MCP701"])


def _mcplint(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mcplint", *args], cwd=cwd, capture_output=True, text=True)


def test_contract_diff_lists_breaking_changes_first_and_exits_1(tmp_path: Path) -> None:
    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code", "keep")})
    assert _mcplint(["contract", "--write", "."], tmp_path).returncode == 0
    write(tmp_path, {"a.py": prompt_module("keep", "fresh", "fresh2")
                     .replace("def keep(text: str)", "def keep(text: str, extra: str = '')")})
    done = _mcplint(["contract", "--diff", "--output-format", "text", "."], tmp_path)
    lines = done.stdout.splitlines()
    assert done.returncode == 1
    assert lines[0].startswith("MCP701     Prompt 'code' of server 'split' (app.py) was removed")
    assert lines[1:] == [
        "compatible Prompt 'fresh' was added to server 'split' (app.py)",
        "compatible Prompt 'fresh2' was added to server 'split' (app.py)",
        "compatible New optional argument 'extra' of prompt 'keep'",
        "4 changes, 1 breaking.",
    ]
    write(tmp_path, {"a.py": prompt_module("code", "keep", "fresh")})
    done = _mcplint(["contract", "--diff", "--output-format", "json", "."], tmp_path)
    assert done.returncode == 0
    assert [change["breaking"] for change in json.loads(done.stdout)["changes"]] == [False]


def test_contract_diff_without_a_baseline_is_a_usage_error(tmp_path: Path) -> None:
    write(tmp_path, {"app.py": APP})
    done = _mcplint(["contract", "--diff", "."], tmp_path)
    assert done.returncode == 2 and "no baseline" in done.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_contract_base_reads_the_ref_with_git(tmp_path: Path) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True, env=env)

    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code")})
    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "v1")
    write(tmp_path, {"a.py": prompt_module("code_snippet")})
    done = _mcplint(["check", "--contract-base", "HEAD", "--output-format", "concise", "."], tmp_path)
    assert (done.returncode, done.stdout.split(" ", 2)[:2]) == (1, ["a.py:4:1:", "MCP701"]), done.stderr
    assert (tmp_path / "a.py").read_text() == prompt_module("code_snippet")  # nothing checked out
    diff = _mcplint(["contract", "--diff", "--contract-base", "HEAD", "--output-format", "text", "."], tmp_path)
    assert diff.returncode == 1 and diff.stdout.startswith("MCP701     Prompt 'code' of server 'split' (app.py) "
                                                            "was removed and 'code_snippet' added: renamed?")
    unknown = _mcplint(["check", "--contract-base", "no-such-ref", "."], tmp_path)
    assert unknown.returncode == 2 and "unknown git ref 'no-such-ref'" in unknown.stderr


def test_contract_base_outside_a_repository_is_a_clear_error(tmp_path: Path) -> None:
    write(tmp_path, {"app.py": APP})
    done = _mcplint(["contract", "--contract-base", "HEAD", "."], tmp_path)
    assert done.returncode == 2 and "is not inside a git repository" in done.stderr


def test_write_keeps_the_servers_of_files_not_read(tmp_path: Path) -> None:
    other = "from mcp.server.fastmcp import FastMCP\n\nother = FastMCP('other')\n"
    write(tmp_path, {"app.py": APP, "a.py": prompt_module("code"), "other.py": other})
    lock(tmp_path)
    write(tmp_path, {"a.py": prompt_module("renamed")})
    settings = Settings(project_root=tmp_path)
    write_lockfile(build_contract([tmp_path / "a.py", tmp_path / "app.py"], settings), settings)
    servers = json.loads((tmp_path / "mcp-contract.json").read_text())["servers"]
    assert [(s["file"], s["name"]) for s in servers] == [("app.py", "split"), ("other.py", "other")]
    assert [p["name"] for p in servers[0]["prompts"]] == ["renamed"]


TOOL_MODULE = "from app import mcp\n\n\n@mcp.tool()\ndef extra(n: int) -> str:\n    return str(n)\n"
CORE_APP = APP + "\n\n@mcp.tool()\ndef core(q: str) -> str:\n    return q\n\n\nimport tools  # noqa: E402,F401\n"


def _split_project(root: Path) -> str:
    """A server in app.py with tool `extra` registered from tools.py, locked; the lockfile's text."""
    write(root, {"app.py": CORE_APP, "tools.py": TOOL_MODULE})
    assert _mcplint(["contract", "--write", "."], root).returncode == 0
    return (root / "mcp-contract.json").read_text()


@pytest.mark.parametrize("subset", ["app.py", "tools.py", "."])
def test_diff_on_some_of_a_servers_files_models_the_whole_server(tmp_path: Path, subset: str) -> None:
    _split_project(tmp_path)
    done = _mcplint(["contract", "--diff", "--output-format", "text", subset], tmp_path)
    assert (done.returncode, done.stdout) == (0, "No changes against the baseline.\n")


def test_diff_on_the_constructing_file_still_sees_a_change_in_another_module(tmp_path: Path) -> None:
    _split_project(tmp_path)
    write(tmp_path, {"tools.py": TOOL_MODULE.replace("n: int", "n: str")})
    done = _mcplint(["contract", "--diff", "--output-format", "text", "app.py"], tmp_path)
    assert (done.returncode, done.stdout) == (1, "MCP704     Property 'n' of tool 'extra' narrowed: integer -> string; "
                                                 "clients sending what the baseline allowed are now rejected\n"
                                                 "1 change, 1 breaking.\n")


@pytest.mark.parametrize("subset", ["app.py", "tools.py"])
def test_write_on_some_of_a_servers_files_keeps_the_others_items_once(tmp_path: Path, subset: str) -> None:
    full = _split_project(tmp_path)
    done = _mcplint(["contract", "--write", subset], tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "mcp-contract.json").read_text() == full
    done = _mcplint(["contract", "--diff", "--output-format", "text", "."], tmp_path)
    assert (done.returncode, done.stdout) == (0, "No changes against the baseline.\n")


def test_write_on_the_constructing_file_refreshes_the_items_of_the_other_module(tmp_path: Path) -> None:
    _split_project(tmp_path)
    write(tmp_path, {"tools.py": TOOL_MODULE.replace("n: int", "n: int, m: int = 0")})
    assert _mcplint(["contract", "--write", "app.py"], tmp_path).returncode == 0
    [server] = json.loads((tmp_path / "mcp-contract.json").read_text())["servers"]
    assert [(tool["name"], sorted(tool["input_schema"]["properties"])) for tool in server["tools"]] == [
        ("core", ["q"]), ("extra", ["m", "n"])]


def _git_repo(root: Path, files: dict[str, str]) -> None:
    """A git repository at ``root`` whose HEAD holds ``files``."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    root.mkdir(parents=True, exist_ok=True)
    write(root, files)
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "v1"]):
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, env=env)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_contract_base_finds_the_repository_of_the_paths_not_of_the_current_folder(tmp_path: Path) -> None:
    repo, elsewhere = tmp_path / "repo", tmp_path / "elsewhere"
    _git_repo(repo, {"app.py": APP, "a.py": prompt_module("code")})
    write(repo, {"a.py": prompt_module("code_snippet")})
    elsewhere.mkdir()
    message = (f"MCP701 Prompt 'code' of server 'split' ({repo}/app.py) was removed and 'code_snippet' added: "
               "renamed? Clients that call 'code' now get an error")
    for given in (str(repo), "../repo"):
        done = _mcplint(["check", "--contract-base", "HEAD", "--output-format", "concise", given], elsewhere)
        assert (done.returncode, done.stdout.splitlines()[0]) == (1, f"{given}/a.py:4:1: {message}"), done.stderr
        diff = _mcplint(["contract", "--diff", "--contract-base", "HEAD", "--output-format", "text", f"{given}/a.py"],
                        elsewhere)
        assert (diff.returncode, diff.stdout.splitlines()[0]) == (1, f"MCP701     {message[7:]}"), diff.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_contract_base_with_paths_in_two_repositories_is_a_clear_error(tmp_path: Path) -> None:
    _git_repo(tmp_path / "one", {"app.py": APP})
    _git_repo(tmp_path / "two", {"app.py": APP})
    done = _mcplint(["contract", "--diff", "--contract-base", "HEAD", "one/app.py", "two/app.py"], tmp_path)
    assert (done.returncode, done.stderr) == (2, f"mcplint: error: --contract-base HEAD: the paths are in different git "
                                                 f"repositories: one/app.py ({tmp_path.resolve() / 'one'}), two/app.py "
                                                 f"({tmp_path.resolve() / 'two'}); give the paths of one repository\n")
