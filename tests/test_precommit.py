"""The pre-commit hook, run the way users meet it: ``pre-commit try-repo`` on a git project.

``try-repo`` needs a git repository with a commit, and takes only tracked files into
account; the working tree may be uncommitted, so the hook repository is a throwaway git
repo built in ``tmp_path`` from a copy of the files a wheel build needs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

FAULTY_SERVER = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("demo")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(
            name="write-tests",
            description="Unit tests in a given language",
            arguments=[types.PromptArgument(name="language", description="Language", required=True)],
        )
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
    language = args["language"]
    text = f"Write unit tests in {language}."
    return types.GetPromptResult(
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )
'''

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(cwd: Path, *args: str) -> None:
    """Run git quietly in ``cwd``, failing the test on error."""
    identity = ["-c", "user.email=tests@mcplint.invalid", "-c", "user.name=mcplint tests", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", *identity, *args], cwd=cwd, check=True, capture_output=True, env=clean_env())


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without ``GIT_*`` variables (a surrounding hook may set them)."""
    return {**{k: v for k, v in os.environ.items() if not k.startswith("GIT_")}, **extra}


def hook_repository(destination: Path) -> Path:
    """A committed git copy of what ``pip install`` of mcplint needs."""
    destination.mkdir()
    for name in ("pyproject.toml", ".pre-commit-hooks.yaml", "README.md", "LICENSE"):
        if (REPO / name).exists():
            shutil.copy(REPO / name, destination / name)
    (destination / "README.md").touch()
    shutil.copytree(REPO / "mcplint", destination / "mcplint", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "rules", destination / "rules")
    if not any((destination / "rules").iterdir()):
        (destination / "rules" / ".keep").touch()  # git drops empty folders; the wheel needs it
    git(destination, "init", "-q")
    git(destination, "add", "-A")
    git(destination, "commit", "-q", "-m", "snapshot of the working tree")
    return destination


def test_hook_fails_on_an_unguarded_argument_read(tmp_path: Path) -> None:
    hooks = hook_repository(tmp_path / "mcplint")
    project = tmp_path / "project"
    project.mkdir()
    (project / "server.py").write_text(FAULTY_SERVER, encoding="utf-8")
    git(project, "init", "-q")
    git(project, "add", "server.py")
    completed = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hooks), "mcplint", "--all-files"],
        cwd=project,
        env=clean_env(PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home")),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert "mcplint..." in completed.stdout and "Failed" in completed.stdout
    assert "server.py:21:16: MCP202 " in completed.stdout
