"""Servers handed to code in other modules: registration functions, classes, re-exports.

Each folder of ``tests/projects/linking/`` is a small project whose ``# error: MCPxxx``
comments mark every finding a lint of the whole project must report (every other line must
stay silent, ``# ok:`` lines especially); its coverage totals are asserted below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.coverage import coverage
from mcplint.runner import lint_paths

LINKING = Path(__file__).parent / "projects" / "linking"
PROJECTS = sorted(path for path in LINKING.iterdir() if path.is_dir())
_EXPECT = re.compile(r"#\s*error:\s*(MCP\d{3}(?:\s*,\s*MCP\d{3})*)")


def _expected(project: Path) -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(project.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            match = _EXPECT.search(line)
            if match:
                found.extend((str(path.relative_to(project)), number, code.strip()) for code in match.group(1).split(","))
    return sorted(found)


@pytest.mark.parametrize("project", PROJECTS, ids=[path.name for path in PROJECTS])
def test_project_findings_match_the_annotations(project: Path) -> None:
    result = lint_paths([project], Settings(select=("ALL",), preview=True))
    found = sorted((str(Path(d.path).resolve().relative_to(project.resolve())), d.span.start.line, d.code)
                   for d in result.diagnostics)
    assert found == _expected(project)


def _totals(project: Path) -> tuple:
    report = coverage([project])
    counts = report.counts()
    return (counts["servers"], counts["prompts_analysed"], counts["prompts"], counts["tools_analysed"],
            counts["tools"], counts["gaps"])


def test_a_server_made_in_either_branch_of_init_reaches_a_subpackage_through_reexports() -> None:
    project = LINKING / "untyped_sdk_fastmcp"
    report = coverage([project])
    (server,) = report.servers
    assert (server.variable, server.stack, Path(server.file).name, server.line) == ("self.server", "mcp1-fastmcp",
                                                                                   "app.py", 11)
    assert _totals(project) == (1, 4, 4, 2, 2, 0)


def test_a_local_server_handed_to_a_wiring_function_gets_its_request_handlers() -> None:
    project = LINKING / "handed_lowlevel_mcp2"
    (server,) = coverage([project]).servers
    assert (server.stack, Path(server.file).name, server.line) == ("mcp2-lowlevel", "main.py", 9)
    assert _totals(project) == (1, 2, 2, 0, 0, 0)


def test_a_server_given_to_a_class_reaches_the_methods_its_init_registers() -> None:
    project = LINKING / "class_init_mcpserver"
    (server,) = coverage([project]).servers
    assert (server.stack, Path(server.file).name, [item.name for item in server.prompts]) == (
        "mcp2-mcpserver", "main.py", ["weekly-report", "team-summary"])
    assert _totals(project) == (1, 2, 2, 0, 0, 0)


def test_registrations_on_a_parameter_no_caller_resolves_are_gaps() -> None:
    project = LINKING / "unresolved_parameter"
    report = coverage([project])
    assert report.servers == []
    assert [(Path(gap.file).name, gap.line, gap.message) for gap in report.gaps] == [
        ("pods.py", 7, "@server.tool registers on `server`, a parameter of register_pod_tools() that no call found "
                       "in the project passes a known server"),
        ("pods.py", 17, "server.add_tool(...) registers on `server`, a parameter of register_pod_tools() that no "
                        "call found in the project passes a known server"),
    ]


def test_a_server_subclass_registering_on_itself_reaches_its_single_construction() -> None:
    project = LINKING / "subclass_rows_sdk"
    (server,) = coverage([project]).servers
    assert (server.stack, Path(server.file).name, server.line) == ("mcp1-fastmcp", "__main__.py", 5)
    # one add_tool call in a loop over rows: each row's function, named by that row's name=
    assert [(item.name, item.line) for item in server.tools] == [("stock_count", 27), ("stock_move", 27)]
    assert _totals(project) == (1, 0, 0, 2, 2, 0)


def test_rows_of_prompts_and_tools_on_a_string_annotated_subclass_are_named_per_row() -> None:
    project = LINKING / "subclass_rows_fastmcp3"
    (server,) = coverage([project]).servers
    assert (server.variable, server.stack) == ("shop", "fastmcp3")
    assert [item.name for item in server.prompts + server.tools] == ["book-blurb", "book-review", "price"]
    assert _totals(project) == (1, 2, 2, 1, 1, 0)


def test_a_dispatch_table_of_functions_of_a_module_imported_whole_serves_each_prompt() -> None:
    project = LINKING / "module_table_mcp1"
    assert _totals(project) == (1, 2, 2, 0, 0, 0)


def test_without_marker_files_the_folder_holding_the_top_package_is_searched(tmp_path: Path) -> None:
    package = tmp_path / "shop"
    (package / "tools").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "main.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n"
        "from shop.tools.stock import register_stock\n"
        "\n"
        "def main():\n"
        "    mcp = FastMCP('shop')\n"
        "    register_stock(mcp)\n")
    (package / "tools" / "__init__.py").write_text("")
    (package / "tools" / "stock.py").write_text(
        "def register_stock(server):\n"
        "    @server.tool()\n"
        "    def count(item: str) -> int:\n"
        "        return len(item)\n")
    (server,) = coverage([tmp_path]).servers
    assert (server.stack, Path(server.file).name, [item.name for item in server.tools]) == (
        "mcp1-fastmcp", "main.py", ["count"])


def test_a_registration_function_called_through_a_package_attribute_is_linked(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "desk"\ndependencies = ["fastmcp==2.12.4"]\n')
    package = tmp_path / "desk"
    (package / "tools").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "server.py").write_text(
        "from fastmcp import FastMCP\n"
        "import desk.tools as tools\n"
        "mcp = FastMCP('desk')\n"
        "tools.billing.register_tools(mcp)\n")
    (package / "tools" / "__init__.py").write_text("from . import billing\n")
    (package / "tools" / "billing.py").write_text(
        "def register_tools(mcp):\n"
        "    @mcp.tool()\n"
        "    def balance(account: str) -> str:\n"
        "        return account\n")
    (server,) = coverage([tmp_path]).servers
    assert (server.stack, Path(server.file).name, [item.name for item in server.tools], server.gaps) == (
        "fastmcp2", "server.py", ["balance"], [])


def test_tool_subclass_instances_from_a_factory_are_served_by_their_hooks() -> None:
    """fastmcp Tool subclasses built by all_tools() in another module, added in a loop; run()
    of a project base hands the mapping to each subclass's execute(); schemas from a helper."""
    assert _totals(LINKING / "tool_objects_fastmcp4") == (1, 0, 0, 2, 2, 0)


def test_a_router_object_imported_from_another_module_is_the_get_handler() -> None:
    """``Server(on_get_prompt=router)`` with ``router = PromptRouter()`` imported: its __call__
    serves the prompts its declared() method lists."""
    assert _totals(LINKING / "router_object_mcp2") == (1, 2, 2, 0, 0, 0)


@pytest.mark.parametrize(("project", "registering", "line", "constructing"), [
    ("imported_server_mcp1_fastmcp", "oncall/prompts.py", 17, "oncall/app.py"),
    ("handed_server_fastmcp2", "rota/prompts.py", 13, "rota/server.py"),
])
def test_mcp206_on_a_server_made_elsewhere_is_reported_where_the_prompts_register(
        project: str, registering: str, line: int, constructing: str) -> None:
    root = LINKING / project
    alone = lint_paths([root / registering], Settings(select=("MCP206",)))
    assert [(Path(d.path).name, d.span.start.line, len(d.related)) for d in alone.diagnostics] == [
        (Path(registering).name, line, 2 if project.startswith("imported") else 1)]
    assert lint_paths([root / constructing], Settings(select=("MCP206",))).diagnostics == []


def test_a_server_subclass_constructed_in_another_module_is_that_construction() -> None:
    for name, stack, constructing in (("server_subclass_mcp2", "mcp2-lowlevel", "__main__.py"),
                                      ("server_subclass_mcp1", "mcp1-lowlevel", "app.py")):
        project = LINKING / name
        (server,) = coverage([project]).servers
        assert (server.stack, Path(server.file).name, server.gaps) == (stack, constructing, [])
        assert _totals(project)[0] == 1
    assert _totals(LINKING / "server_subclass_mcp2") == (1, 2, 2, 0, 0, 0)
    assert _totals(LINKING / "server_subclass_mcp1") == (1, 0, 0, 2, 2, 0)


def test_tool_modules_wired_in_a_loop_over_a_literal_list_register_on_the_server() -> None:
    project = LINKING / "module_loop_fastmcp"
    (server,) = coverage([project]).servers
    assert (server.variable, server.stack, Path(server.file).name) == ("mcp", "fastmcp2", "server.py")
    assert [item.name for item in server.tools] == ["close_issue", "reopen_issue", "describe_project",
                                                    "describe_strict"]
    assert _totals(project) == (1, 0, 0, 4, 4, 0)


def test_registration_functions_called_in_a_loop_over_a_module_level_tuple_register_on_the_server() -> None:
    project = LINKING / "module_loop_mcpserver"
    (server,) = coverage([project]).servers
    assert (server.variable, server.stack, Path(server.file).name) == ("server", "mcp2-mcpserver", "main.py")
    assert _totals(project) == (1, 1, 1, 2, 2, 0)


def test_project_decorators_that_register_reach_every_decorated_function() -> None:
    # @safe_tool(...) imported from app.py, @catalog_tool of a third module on the imported
    # server, @app.safe_prompt through the module; @traced registers nothing.
    project = LINKING / "registering_decorator_fastmcp2"
    (server,) = coverage([project]).servers
    assert (server.variable, Path(server.file).name) == ("mcp", "app.py")
    assert _totals(project) == (1, 1, 1, 4, 4, 0)


def test_a_project_decorator_on_a_server_nobody_passes_is_a_gap() -> None:
    project = LINKING / "registering_decorator_mcpserver"
    report = coverage([project])
    assert _totals(project) == (1, 3, 3, 0, 0, 1)
    (gap,) = report.gaps
    assert "@plugin_prompt registers on `host`, which was not resolved to a server" in gap.message


@pytest.mark.parametrize("project", ["tool_class_table_mcp1", "tool_class_lookup_mcp2", "tool_object_search_mcp2",
                                     "tool_class_registry_mcp1", "tool_function_registry_mcp2",
                                     "tool_object_next_mcp1", "tool_class_definitions_mcp2",
                                     "tool_class_definitions_mcp1"])
def test_tool_classes_or_objects_picked_by_the_name_analyse_each_tool(project: str) -> None:
    assert _totals(LINKING / project) == (1, 0, 0, 2, 2, 0)


def test_a_tool_class_built_around_the_arguments_leaves_its_tools_partly_analysed() -> None:
    project = LINKING / "tool_class_keeps_arguments_mcp1"
    (server,) = coverage([project]).servers
    assert [(item.name, item.status) for item in server.tools] == [("deposit", "partly"), ("withdraw", "partly")]
    assert _totals(project) == (1, 0, 0, 0, 2, 0)


def test_tool_objects_whose_names_come_from_configuration_leave_their_tools_partly_analysed() -> None:
    assert _totals(LINKING / "tool_object_unknown_names_mcp1") == (1, 0, 0, 0, 2, 0)


def test_a_method_of_an_object_whose_imported_class_is_not_defined_is_named_as_the_gap() -> None:
    project = LINKING / "tool_object_missing_class_mcp1"
    (server,) = coverage([project]).servers
    (tool,) = server.tools
    assert (tool.name, tool.status) == ("monthly", "partly")
    assert tool.reason.endswith("server.py:19 into monthly.execute(), a method of MonthlyReport (imported from "
                                ".tools), which the project's code does not define")


def test_a_registry_object_filled_by_its_decorator_method_installs_on_the_server_passed_to_it() -> None:
    # @registry.register in terms.py fills self._prompts; server.py calls registry.install(mcp)
    project = LINKING / "instance_registry_mcp1_fastmcp"
    (server,) = coverage([project]).servers
    assert (server.variable, server.stack, Path(server.file).name) == ("mcp", "mcp1-fastmcp", "server.py")
    assert _totals(project) == (1, 2, 2, 0, 0, 0)


@pytest.mark.parametrize(("name", "totals"), [
    # the factory's module hands its server on through its own wiring functions (any depth, by keyword)
    ("factory_chain_fastmcp", (1, 0, 0, 2, 2, 0)),
    ("factory_chain_mcp1_fastmcp", (1, 0, 0, 2, 2, 0)),
    ("deep_wiring_mcpserver", (1, 0, 0, 2, 2, 0)),  # four hand-offs across modules
    # modules imported at run time: a local list of names, pkgutil over a package, a glob of the folder
    ("run_time_module_list_mcp1_fastmcp", (1, 0, 0, 2, 2, 0)),
    ("run_time_iter_modules_fastmcp3", (1, 0, 0, 2, 2, 0)),
    ("run_time_glob_mcpserver", (1, 0, 0, 2, 2, 0)),
    ("run_time_listdir_fastmcp4", (1, 0, 0, 2, 2, 0)),
    # an imported server bound in either branch of an if, or configured by attribute assignments
    ("imported_branch_server_fastmcp2", (1, 0, 0, 2, 2, 0)),
    ("imported_configured_server_mcp1_fastmcp", (1, 0, 0, 2, 2, 0)),
    # a test's mock and an unused typed aggregator do not hide the server the entry module passes
    ("stand_in_callers_mcpserver", (1, 0, 0, 1, 1, 0)),
])
def test_a_server_reached_through_wiring_is_one_server_with_every_tool(name: str, totals: tuple) -> None:
    project = LINKING / name
    (server,) = coverage([project]).servers
    assert Path(server.file).name in ("server.py", "main.py", "app.py", "__init__.py")
    assert _totals(project) == totals


@pytest.mark.parametrize(("project", "totals"), [
    ("subclass_list_mcp1", (1, 0, 0, 2, 2, 0)),       # {c.name: c() for c in Command.__subclasses__()}
    ("subclass_list_mcp2", (1, 0, 0, 2, 2, 0)),       # [s() for s in Step.__subclasses__()], searched by title
    ("factory_closures_mcp1", (2, 0, 0, 2, 3, 0)),    # closures a factory returns; a decorator's wrapper is not one
    ("factory_closures_mcp2", (1, 2, 2, 0, 0, 0)),    # prompt renderers made by a factory
    ("forwarding_lambdas_mcp1", (1, 0, 0, 3, 4, 0)),  # lambdas handing the mapping on; one adding an argument is not
    ("forwarding_lambdas_mcp2", (1, 0, 0, 2, 2, 0)),  # lambdas calling bound methods of a module-level object
    ("registry_object_mcp1", (1, 0, 0, 2, 2, 0)),     # registry.add(Tool()) at the top of other modules
])
def test_handlers_reached_through_project_objects_are_analysed(project: str, totals: tuple) -> None:
    assert _totals(LINKING / project) == totals


def test_a_table_entry_made_by_a_decorator_leaves_its_tool_partly_analysed() -> None:
    (desk, _) = coverage([LINKING / "factory_closures_mcp1"]).servers
    assert (desk.variable, [(item.name, item.status) for item in desk.tools]) == ("desk", [("renew", "partly")])
