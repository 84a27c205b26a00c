"""Generated protocol-boundary tests, run for real against each SDK.

For each stack, ``tests/gentests/<stack>/`` holds a correct twin and servers with one planted
fault each; the first line of each file says which generated tests must fail
(``# expect-fail: ...``). The test generates the modules with ``mcplint gen-tests`` and runs
them with pytest under an interpreter that has the SDK, then compares the failed tests with
that line: the faulty servers fail exactly the right cases, the twins pass, nothing errors.

Interpreters: ``sys.executable``, the virtual environments in the folder ``MCPLINT_SDK_ENVS``
names (``.ci/run`` makes one per SDK, with pytest and pytest-asyncio) and every interpreter
listed in ``MCPLINT_SDK_PYTHONS`` (separated by ``os.pathsep``), each asked once which
mcp/fastmcp it has. A stack with no matching interpreter is skipped, saying why.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.gentests.command import generate

SERVERS = Path(__file__).parent / "gentests"
OUT = "contract_tests"

_PROBE = """
import importlib.metadata as m, importlib.util as u, json
def v(name):
    try:
        return m.version(name)
    except m.PackageNotFoundError:
        return None
print(json.dumps({"mcp": v("mcp"), "fastmcp": v("fastmcp"),
                  "ready": bool(u.find_spec("pytest") and u.find_spec("pytest_asyncio"))}))
"""


@functools.lru_cache(maxsize=None)
def _probe(python: str) -> dict:
    try:
        done = subprocess.run([python, "-c", _PROBE], capture_output=True, text=True, timeout=60)
        return json.loads(done.stdout) if done.returncode == 0 else {}
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return {}


def _interpreters() -> list[str]:
    folder = os.environ.get("MCPLINT_SDK_ENVS")
    envs = sorted(str(p) for p in Path(folder).glob("*/bin/python")) if folder else []
    listed = [p for p in os.environ.get("MCPLINT_SDK_PYTHONS", "").split(os.pathsep) if p]
    return [sys.executable, *envs, *listed]


def _major(version: str | None) -> int | None:
    return int(version.split(".")[0]) if version else None


def _interpreter(package: str, major: int) -> tuple[str, str] | None:
    """An interpreter with ``package`` at ``major`` (mcp 1.x at least 1.10), and its version."""
    for python in _interpreters():
        found = _probe(python)
        version = found.get(package)
        if found.get("ready") and _major(version) == major:
            if package == "mcp" and major == 1 and int(version.split(".")[1]) < 10:
                continue
            return python, version
    return None


def _expected_failures(folder: Path) -> dict[str, set[str]]:
    """``test_<stem>_contract.py`` -> the test names its server's first line expects to fail."""
    expected = {}
    for server in sorted(folder.glob("*.py")):
        first = server.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# expect-fail: "), f"{server} has no expect-fail line"
        names = first.removeprefix("# expect-fail: ").strip()
        expected[f"test_{server.stem}_contract.py"] = set() if names == "(none)" else {
            name.strip() for name in names.split(", ")}
    return expected


def _run_generated(python: str, project: Path) -> dict[str, dict[str, str]]:
    """Run the generated modules; per module file, each test's outcome."""
    report = project / "report.xml"
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTEST_ADDOPTS")}
    done = subprocess.run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", os.devnull, "--rootdir", str(project),
         f"--junitxml={report}", OUT],
        cwd=project, capture_output=True, text=True, timeout=600, env=env)
    assert report.exists(), done.stdout + done.stderr
    outcomes: dict[str, dict[str, str]] = {}
    for case in ElementTree.parse(report).iter("testcase"):
        module = case.get("classname", "").rsplit(".", 1)[-1] + ".py"
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = child.tag
            elif child.tag == "skipped":
                outcome = "xfailed" if child.get("type") == "pytest.xfail" else "skipped"
        outcomes.setdefault(module, {})[case.get("name", "")] = outcome
    return outcomes


def _project(tmp_path: Path, stack: str, pin: str | None) -> Path:
    project = tmp_path / "project"
    shutil.copytree(SERVERS / stack, project)
    if pin:  # fixes the stack, as a user's pyproject does
        (project / "pyproject.toml").write_text(f'[project]\nname = "p"\ndependencies = ["{pin}"]\n')
    return project


CASES = [
    ("mcp1_lowlevel", "mcp", 1),
    ("mcp1_fastmcp", "mcp", 1),
    ("mcp2_lowlevel", "mcp", 2),
    ("mcp2_mcpserver", "mcp", 2),
    ("fastmcp", "fastmcp", 2),
    ("fastmcp", "fastmcp", 3),
    ("fastmcp", "fastmcp", 4),
]


@pytest.mark.parametrize(("stack", "package", "major"), CASES, ids=[f"{s}-{p}{m}" for s, p, m in CASES])
def test_generated_tests_fail_exactly_the_planted_faults(tmp_path: Path, stack: str, package: str, major: int):
    found = _interpreter(package, major)
    if found is None:
        pytest.skip(f"no interpreter with {package} {major}.x, pytest and pytest-asyncio "
                    f"(see MCPLINT_SDK_ENVS / MCPLINT_SDK_PYTHONS)")
    python, version = found
    project = _project(tmp_path, stack, f"fastmcp=={version}" if package == "fastmcp" else None)
    report = generate([project], project / OUT, Settings(project_root=project))
    assert not (report.problems or report.refused or report.skipped), report
    expected = _expected_failures(SERVERS / stack)
    assert sorted(path.name for path in report.written) == sorted(expected)

    outcomes = _run_generated(python, project)

    assert sorted(outcomes) == sorted(expected)  # every module was collected
    for module, tests in outcomes.items():
        failed = {name for name, outcome in tests.items() if outcome == "failure"}
        assert "error" not in tests.values(), (module, tests)
        assert failed == expected[module], (module, tests)
