"""In a uv workspace the framework pins of a member package live in the workspace root's
``uv.lock`` (and pyproject): they are found from the member (adversarial case 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.versions import clear_cache, pin_files, pinned_versions

LOCK = '''version = 1
requires-python = ">=3.10"

[manifest]
members = ["srv", "ws"]

[[package]]
name = "anyio"
version = "4.4.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "{package}"
version = "{version}"
source = { registry = "https://pypi.org/simple" }
dependencies = [
    { name = "anyio" },
]
'''


def _workspace(tmp_path: Path, members: str = '["packages/*"]', extra: str = "", package: str = "mcp",
               version: str = "1.9.4", member_deps: str = '["mcp>=1.2"]') -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text(
        f'[project]\nname = "ws"\nversion = "0"\n\n[tool.uv.workspace]\nmembers = {members}\n{extra}')
    (tmp_path / "uv.lock").write_text(LOCK.replace("{package}", package).replace("{version}", version))
    member = tmp_path / "packages" / "srv"
    (member / "src" / "srv").mkdir(parents=True)
    (member / "pyproject.toml").write_text(f'[project]\nname = "srv"\nversion = "0"\ndependencies = {member_deps}\n')
    clear_cache()
    return member / "src" / "srv" / "server.py"


def test_a_member_gets_the_version_the_workspace_lock_fixes(tmp_path: Path) -> None:
    pins = pinned_versions(_workspace(tmp_path))
    assert (pins.mcp.major, pins.mcp.minor, pins.mcp.source) == (1, 9, "uv.lock")


def test_the_workspace_lock_wins_over_the_member_requirement(tmp_path: Path) -> None:
    pins = pinned_versions(_workspace(tmp_path, member_deps='["mcp==1.3.0"]'))
    assert (pins.mcp.major, pins.mcp.minor) == (1, 9)


def test_fastmcp_locked_at_the_root_implies_the_mcp_major(tmp_path: Path) -> None:
    pins = pinned_versions(_workspace(tmp_path, package="fastmcp", version="3.4.11", member_deps='["fastmcp"]'))
    assert (pins.fastmcp.major, pins.fastmcp.minor, pins.mcp.major) == (3, 4, 1)


@pytest.mark.parametrize(("members", "extra"), [('["libs/*"]', ""), ('["packages/*"]', 'exclude = ["packages/srv"]\n')])
def test_a_folder_the_workspace_does_not_take_in_keeps_its_own_pins(tmp_path: Path, members: str, extra: str) -> None:
    pins = pinned_versions(_workspace(tmp_path, members=members, extra=extra))
    assert pins.mcp is None


def test_the_root_lock_is_a_pin_file_of_the_member(tmp_path: Path) -> None:
    server = _workspace(tmp_path)
    assert tmp_path / "uv.lock" in pin_files(server)
    assert server.parent.parent.parent / "pyproject.toml" in pin_files(server)
