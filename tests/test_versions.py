"""Tests for mcplint.versions: which framework versions a project pins."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.versions import PinnedVersions, VersionFact, clear_cache, pinned_versions


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    # Results are cached per directory; each test writes its own files.
    clear_cache()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def pyproject(root: Path, *dependencies: str) -> None:
    listed = ", ".join(f'"{d}"' for d in dependencies)
    write(root / "pyproject.toml", f'[project]\nname = "server"\ndependencies = [{listed}]\n')


def mcp_of(root: Path, settings: Settings | None = None) -> VersionFact | None:
    return pinned_versions(root / "server.py", settings).mcp


def test_lock_file_beats_pyproject(tmp_path: Path) -> None:
    pyproject(tmp_path, "mcp>=1.2,<1.10")
    write(
        tmp_path / "uv.lock",
        """
        version = 1

        [[package]]
        name = "mcp"
        version = "1.9.4"

        [[package]]
        name = "anyio"
        version = "4.4.0"
        """,
    )
    assert mcp_of(tmp_path) == VersionFact("mcp", 1, 9, "uv.lock")


def test_poetry_lock(tmp_path: Path) -> None:
    write(tmp_path / "poetry.lock", '[[package]]\nname = "FastMCP"\nversion = "3.4.11"\n')
    assert pinned_versions(tmp_path).fastmcp == VersionFact("fastmcp", 3, 4, "poetry.lock")


def test_exact_pin(tmp_path: Path) -> None:
    pyproject(tmp_path, "mcp[cli]==1.7.1")
    assert mcp_of(tmp_path) == VersionFact("mcp", 1, 7, "pyproject.toml: mcp[cli]==1.7.1")


def test_upper_bound_takes_newest_known_release(tmp_path: Path) -> None:
    pyproject(tmp_path, "mcp>=1.2,<1.10")
    assert mcp_of(tmp_path) == VersionFact("mcp", 1, 9, "pyproject.toml: mcp>=1.2,<1.10")


@pytest.mark.parametrize(
    ("requirement", "expected"),
    [("mcp<2", (1, 30)), ("mcp~=1.4", (1, 30)), ("mcp==2.*", (2, 3)), ("mcp<=2.1", (2, 1))],
)
def test_other_upper_bounds(tmp_path: Path, requirement: str, expected: tuple[int, int]) -> None:
    pyproject(tmp_path, requirement)
    fact = mcp_of(tmp_path)
    assert fact is not None and (fact.major, fact.minor) == expected


@pytest.mark.parametrize("requirement", ["mcp>=1.2", "mcp", "mcp!=1.5.0"])
def test_open_range_fixes_nothing(tmp_path: Path, requirement: str) -> None:
    pyproject(tmp_path, requirement)
    assert pinned_versions(tmp_path) == PinnedVersions(mcp=None, fastmcp=None)


def test_optional_dependencies_and_requirements_txt(tmp_path: Path) -> None:
    write(
        tmp_path / "pyproject.toml",
        """
        [project]
        name = "server"
        dependencies = ["mcp>=1.2"]

        [project.optional-dependencies]
        fm = ["fastmcp<3"]
        """,
    )
    requirements = "# pins\n-r base.txt\nmcp==1.3.0 \\\n  --hash=sha256:a  # ci\n"
    write(tmp_path / "requirements-dev.txt", requirements)
    assert pinned_versions(tmp_path) == PinnedVersions(
        mcp=VersionFact("mcp", 1, 3, "requirements-dev.txt: mcp==1.3.0"),
        fastmcp=VersionFact("fastmcp", 2, 14, "pyproject.toml: fastmcp<3"),
    )


@pytest.mark.parametrize(
    ("constraint", "expected"),
    [("^1.2", (1, 30)), ("~1.5", (1, 5)), ("1.8.0", (1, 8)), (">=1.2,<1.4", (1, 3))],
)
def test_poetry_constraints(tmp_path: Path, constraint: str, expected: tuple[int, int]) -> None:
    write(
        tmp_path / "pyproject.toml",
        f"""
        [tool.poetry.dependencies]
        python = "^3.11"
        mcp = {{ version = "{constraint}", extras = ["cli"] }}
        """,
    )
    fact = mcp_of(tmp_path)
    assert fact == VersionFact("mcp", *expected, f'pyproject.toml: mcp = "{constraint}"')


def test_poetry_star_fixes_nothing(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.poetry.dependencies]\nmcp = "*"\n')
    assert mcp_of(tmp_path) is None


@pytest.mark.parametrize(
    ("fastmcp", "fastmcp_major", "mcp_major"),
    [("fastmcp==2.3.0", 2, 1), ("fastmcp<4", 3, 1), ("fastmcp~=4.1", 4, 2)],
)
def test_fastmcp_implies_mcp_major(
    tmp_path: Path, fastmcp: str, fastmcp_major: int, mcp_major: int
) -> None:
    pyproject(tmp_path, fastmcp, "mcp>=1")
    implied = VersionFact("mcp", mcp_major, None, f"implied by fastmcp {fastmcp_major}")
    assert mcp_of(tmp_path) == implied


def test_pinned_mcp_is_not_overridden_by_fastmcp(tmp_path: Path) -> None:
    pyproject(tmp_path, "fastmcp==4.0.0", "mcp==2.1.0")
    assert mcp_of(tmp_path) == VersionFact("mcp", 2, 1, "pyproject.toml: mcp==2.1.0")


def test_config_override_wins(tmp_path: Path) -> None:
    pyproject(tmp_path, "mcp==1.9.4", "fastmcp==2.14.7")
    settings = Settings(mcp_version="2", fastmcp_version="4.2.3")
    assert pinned_versions(tmp_path / "server.py", settings) == PinnedVersions(
        mcp=VersionFact("mcp", 2, None, "config"),
        fastmcp=VersionFact("fastmcp", 4, 2, "config"),
    )


def test_nearest_directory_with_pin_files(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    pyproject(tmp_path, "mcp==1.5.0")
    source = tmp_path / "src" / "pkg" / "server.py"
    write(source, "")
    assert mcp_of(source.parent) == VersionFact("mcp", 1, 5, "pyproject.toml: mcp==1.5.0")
    # A nearer pyproject without mcp stops the search: it is the project's own.
    pyproject(tmp_path / "src", "httpx")
    clear_cache()
    assert mcp_of(source.parent) is None


def test_search_stops_at_repository_root(tmp_path: Path) -> None:
    pyproject(tmp_path, "mcp==1.5.0")
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    assert mcp_of(tmp_path / "repo") is None


def test_malformed_files_fix_nothing(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[project\n")
    write(tmp_path / "uv.lock", "not toml = = \n")
    assert pinned_versions(tmp_path) == PinnedVersions(mcp=None, fastmcp=None)


UV_LOCK = """
version = 1
requires-python = ">=3.10"
resolution-markers = [
    "python_full_version >= '3.12'",
    "python_full_version < '3.12'",
]

[[package]]
name = "anyio"
version = "4.4.0"
source = { registry = "https://pypi.org/simple" }
dependencies = [
    { name = "idna" },
]

[[package]]
name = "mcp"
version = "1.8.0"
source = { registry = "https://pypi.org/simple" }
resolution-markers = [
    "python_full_version < '3.12'",
]
dependencies = [
    { name = "anyio" },
]
wheels = [
    { url = "https://files.example/mcp-1.8.0-py3-none-any.whl", hash = "sha256:00", size = 1 },
]

[package.optional-dependencies]
cli = [
    { name = "typer" },
]

[[package]]
name = "MCP"
version = "1.9.4"  # a second marker fork: the newest wins
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "server"
version = "0.1.0"
source = { editable = "." }
dependencies = [
    { name = "mcp", extra = ["cli"] },
    { name = "fastmcp" },
]

[package.metadata]
requires-dist = [
    { name = "mcp", specifier = "==1.2.0" },
    { name = "fastmcp", specifier = ">=2" },
]
"""


def test_lock_file_entries_among_many(tmp_path: Path) -> None:
    # Only the [[package]] tables named mcp / fastmcp count, not their mentions elsewhere.
    write(tmp_path / "uv.lock", UV_LOCK)
    assert pinned_versions(tmp_path) == PinnedVersions(mcp=VersionFact("mcp", 1, 9, "uv.lock"), fastmcp=None)


@pytest.mark.parametrize(
    "text",
    [
        # a multi-line string holding a line that opens with "[": the table does not parse
        # alone, so the whole file is read
        '[[package]]\nname = "mcp"\nversion = "1.7.0"\nnote = """\n[not a header]\n"""\n',
        # the name key is not first in its table, after an array of arrays
        '[[package]]\nversion = "1.7.0"\nmatrix = [\n  [1, 2],\n]\nname = "mcp"\n',
        # a name key in another table
        '[[package]]\nname = "mcp"\nversion = "1.7.0"\n\n[package.source]\nname = "mcp"\n',
        # quoted key, literal string, trailing comment, CRLF
        "[[package]]  # the framework\r\n'name' = 'mcp'\r\nversion = '1.7.0'\r\n",
    ],
)
def test_lock_file_odd_layouts(tmp_path: Path, text: str) -> None:
    write(tmp_path / "poetry.lock", "")
    (tmp_path / "poetry.lock").write_bytes(text.encode())
    assert pinned_versions(tmp_path).mcp == VersionFact("mcp", 1, 7, "poetry.lock")


def test_script_metadata_pins_its_own_file(tmp_path: Path) -> None:
    # PEP 723: `uv run server.py` installs what the file's own `# /// script` block lists,
    # whatever the folder's pyproject says.
    pyproject(tmp_path, "mcp>=1.2")
    write(tmp_path / "server.py", """
        # /// script
        # requires-python = ">=3.11"
        # dependencies = [
        #     "mcp==1.6.0",
        #     "httpx",
        # ]
        # ///
        from mcp.server.lowlevel import Server
        """)
    fact = mcp_of(tmp_path)
    assert (fact.major, fact.minor) == (1, 6)
    assert "script metadata" in fact.source


def test_script_metadata_without_a_fixing_pin_falls_back_to_the_folder(tmp_path: Path) -> None:
    write(tmp_path / "uv.lock", """
        version = 1
        [[package]]
        name = "mcp"
        version = "1.9.4"
        """)
    write(tmp_path / "server.py", """
        # /// script
        # dependencies = ["mcp>=1.2"]
        # ///
        """)
    fact = mcp_of(tmp_path)
    assert (fact.major, fact.minor) == (1, 9)
