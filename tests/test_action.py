"""The composite GitHub Action in ``action.yml``: its inputs, its steps, and its run step
executed for real with bash on a project holding one faulty server.

``SERVER`` subscripts a required prompt argument (MCP202 on ``FAULT_LINE``), the fault of
the shared example ``f4_keyerror_subscript_lowlevel.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from servers import WRITE_TESTS, WRITE_TESTS_FAULT_LINE

yaml = pytest.importorskip("yaml", reason="PyYAML (a pre-commit dependency) parses action.yml")

ACTION = Path(__file__).resolve().parent.parent / "action.yml"
SERVER = WRITE_TESTS
FAULT_LINE = WRITE_TESTS_FAULT_LINE


def action() -> dict:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


def step(name: str) -> dict:
    [found] = [s for s in action()["runs"]["steps"] if s["name"] == name]
    return found


def test_action_is_composite_with_the_two_inputs() -> None:
    data = action()
    assert data["runs"]["using"] == "composite"
    assert {name: spec["default"] for name, spec in data["inputs"].items()} == {"args": ".", "sarif-file": ""}
    assert all(not spec["required"] for spec in data["inputs"].values())


def test_install_step_installs_the_actions_own_checkout_never_a_package_name() -> None:
    install = step("Install mcplint")
    assert install["env"] == {"MCPLINT_ACTION_PATH": "${{ github.action_path }}"}
    assert install["run"] == 'python -m pip install --disable-pip-version-check "$MCPLINT_ACTION_PATH"'
    assert "mcplint==" not in ACTION.read_text(encoding="utf-8")


def test_run_step_calls_mcplint_and_upload_step_sends_the_sarif_file() -> None:
    run = step("Run mcplint")
    assert "mcplint check $MCPLINT_ARGS --output-format github" in run["run"]
    assert run["env"]["MCPLINT_ARGS"] == "${{ inputs.args }}"
    upload = step("Upload SARIF to code scanning")
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["with"]["sarif_file"] == "${{ inputs.sarif-file }}"
    assert upload["if"] == "${{ always() && inputs.sarif-file != '' }}"
    for every in action()["runs"]["steps"]:
        assert every.get("shell", "bash") == "bash"


def run_step(tmp_path: Path, args: str, sarif_file: str) -> subprocess.CompletedProcess[str]:
    """The ``Run mcplint`` script under bash as GitHub runs it (``-eo pipefail``), with the
    venv's ``mcplint`` first on PATH."""
    if shutil.which("bash") is None:
        pytest.skip("bash is not available")
    script = tmp_path / "step.sh"
    script.write_text(step("Run mcplint")["run"], encoding="utf-8")
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "MCPLINT_ARGS": args,
        "MCPLINT_SARIF_FILE": sarif_file,
        "MCPLINT_NO_CACHE": "1",
    }
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_run_step_annotates_writes_sarif_and_fails_with_findings(tmp_path: Path) -> None:
    if not (Path(sys.executable).parent / "mcplint").exists():
        pytest.skip("the mcplint script is not installed next to this Python")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "server.py").write_text(SERVER, encoding="utf-8")
    completed = run_step(tmp_path, "src --select MCP202", "out.sarif")
    assert completed.returncode == 1, completed.stderr
    assert completed.stdout.startswith(f"::error file=src/server.py,line={FAULT_LINE},col=16,")
    [result] = json.loads((tmp_path / "out.sarif").read_text(encoding="utf-8"))["runs"][0]["results"]
    assert (result["ruleId"], result["locations"][0]["physicalLocation"]["region"]["startLine"]) == ("MCP202", FAULT_LINE)


def test_run_step_passes_a_clean_project_and_keeps_exit_2_for_errors(tmp_path: Path) -> None:
    if not (Path(sys.executable).parent / "mcplint").exists():
        pytest.skip("the mcplint script is not installed next to this Python")
    (tmp_path / "ok.py").write_text("import mcp\n", encoding="utf-8")
    assert run_step(tmp_path, "ok.py", "").returncode == 0
    assert not list(tmp_path.glob("*.sarif"))
    missing = run_step(tmp_path, "missing_dir", "out.sarif")
    assert missing.returncode == 2
    assert "missing_dir: No such file or directory" in missing.stderr


@pytest.mark.parametrize(("args", "kept"), [
    ("src --select MCP202", ["src", "--select", "MCP202"]),
    ("src --statistics --output-format concise -q --select=MCP2 --show-fixes",
     ["src", "--select=MCP2"]),
    ("--fix --unsafe-fixes --diff a.py --ignore MCP1 --preview --target-version py312 --config c.toml",
     ["a.py", "--ignore", "MCP1", "--preview", "--target-version", "py312", "--config", "c.toml"]),
    ("--stdin-filename x.py --jobs 2 --no-cache --show-settings -- -odd.py", ["--jobs", "2", "--no-cache", "--", "-odd.py"]),
])
def test_the_sarif_run_keeps_only_paths_and_selection_flags(args, kept) -> None:
    from mcplint.action_args import sarif_arguments

    assert sarif_arguments(args.split()) == kept


def test_flags_in_args_do_not_break_the_sarif_report(tmp_path: Path) -> None:
    if not (Path(sys.executable).parent / "mcplint").exists():
        pytest.skip("the mcplint script is not installed next to this Python")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "server.py").write_text(SERVER, encoding="utf-8")
    completed = run_step(tmp_path, "src --select MCP202 --statistics --output-format concise -q --show-fixes",
                         "out.sarif")
    assert completed.returncode == 1, completed.stderr
    sarif = json.loads((tmp_path / "out.sarif").read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"
    [result] = sarif["runs"][0]["results"]
    assert (result["ruleId"], result["locations"][0]["physicalLocation"]["region"]["startLine"]) == ("MCP202", FAULT_LINE)

