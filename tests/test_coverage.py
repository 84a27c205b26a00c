"""``--show-coverage``: every server, its prompts and tools, and where the model lost the thread."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mcplint.cli import cli
from mcplint.coverage import coverage, render_text

SPREAD = Path(__file__).parent / "projects" / "spread_server"


def test_a_server_made_in_one_module_collects_prompts_registered_in_others() -> None:
    report = coverage([SPREAD])
    app = next(server for server in report.servers if server.file and server.file.endswith("app.py"))
    assert (app.variable, app.stack, app.line) == ("mcp", "fastmcp2", 4)
    assert [(item.name, Path(item.file).name, item.line, item.status) for item in app.prompts] == [
        ("translate", "more_prompts.py", 5, "analysed"),
        ("summarize", "prompts.py", 4, "analysed"), ("outline", "prompts.py", 10, "analysed"),
        ("tag", "wiring.py", 4, "analysed"),
    ]
    # more_prompts.py's register_prompts(server) is called from main.py with app.py's `mcp`:
    # linked to that server, no gap.
    assert report.counts() == {"servers": 3, "prompts": 6, "prompts_analysed": 6, "prompts_partly": 0, "tools": 0,
                               "tools_analysed": 0, "tools_partly": 0, "gaps": 0}


def test_gaps_name_the_place_where_the_thread_was_lost(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n"
        "from helpers import make_tool\n"
        "mcp = FastMCP('x')\n"
        "mcp.add_tool(make_tool('search'))\n"
        "mcp.prompt(name='p')(lambda topic: topic)\n"
        "\n"
        "def register(app):\n"
        "    @app.tool()\n"
        "    def ping() -> str:\n"
        "        return 'pong'\n"
    )
    report = coverage([tmp_path])
    guessed, server = report.servers  # one whose making was not followed sorts first
    assert (server.variable, guessed.variable, guessed.file) == ("mcp", "app", None)
    assert [(gap.line, gap.message) for gap in server.gaps] == [
        (4, "handler passed to add_tool is a call, which was not resolved to a function"),
        (5, "handler passed to prompt() is a lambda, which was not resolved to a function"),
    ]
    # `app` is an untyped parameter never called with a server here, and the module imports
    # FastMCP: the family is known, so the tool is analysed on a server of its own.
    assert report.counts()["tools_analysed"] == 1


def test_a_registration_on_an_unresolved_receiver_is_listed(tmp_path: Path) -> None:
    (tmp_path / "prompts.py").write_text(
        "from mcp.server.fastmcp.prompts import base\n"
        "from server_module_not_here import mcp\n"
        "\n"
        "@mcp.prompt()\n"
        "def review(code: str) -> str:\n"
        "    return code\n"
    )
    report = coverage([tmp_path])
    assert report.servers == []
    assert [(Path(gap.file).name, gap.line, gap.message) for gap in report.gaps] == [
        ("prompts.py", 4, "@mcp.prompt registers on `mcp`, which was not resolved to a server"),
    ]


def test_cli_prints_text_and_json(tmp_path: Path) -> None:
    runner = CliRunner()
    text = runner.invoke(cli, ["--show-coverage", str(SPREAD)])
    assert text.exit_code == 0
    assert text.output.splitlines()[-1] == "Coverage: 3 servers; prompts 6/6 analysed; tools 0/0 analysed; 0 gaps"
    data = runner.invoke(cli, ["check", "--show-coverage", "--output-format", "json", str(SPREAD)])
    assert data.exit_code == 0
    assert json.loads(data.output)["summary"]["prompts_analysed"] == 6


def test_a_format_coverage_cannot_print_is_named_and_the_text_shown() -> None:
    text = CliRunner().invoke(cli, ["--show-coverage", str(SPREAD)])
    for output_format, warned in (("sarif", True), ("github", True), ("concise", False), ("grouped", False)):
        result = CliRunner().invoke(cli, ["--show-coverage", "--output-format", output_format, str(SPREAD)])
        assert (result.exit_code, result.stdout) == (0, text.stdout)
        assert result.stderr == (f"mcplint: warning: --show-coverage prints text or JSON; --output-format "
                                 f"{output_format} is not used, the text is shown\n" if warned else "")


def test_json_files_are_absolute_whether_the_path_was_given_relative_or_not(monkeypatch) -> None:
    monkeypatch.chdir(SPREAD.parent)
    data = json.loads(CliRunner().invoke(cli, ["--show-coverage", "--output-format", "json", SPREAD.name]).output)
    files = {server["file"] for server in data["servers"]} | {item["file"] for server in data["servers"]
                                                                 for item in server["prompts"]}
    assert len(files) > 1 and all(Path(file).is_file() and file.startswith(f"{SPREAD}/") for file in files)


def test_a_missing_path_or_broken_file_exits_2_and_reports_the_rest(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("import mcp\ndef (:\n")
    result = CliRunner().invoke(cli, ["--show-coverage", str(tmp_path), str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "broken.py:2" in result.output and "nope" in result.output
    assert result.output.splitlines()[-1] == "Coverage: 0 servers; prompts 0/0 analysed; tools 0/0 analysed; 0 gaps"


def test_a_handler_whose_mapping_escapes_says_where(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(
        "import mcp.types as types\n"
        "from mcp.server import Server\n"
        "from elsewhere import render\n"
        "server = Server('x')\n"
        "\n"
        "@server.list_prompts()\n"
        "async def list_prompts():\n"
        "    return [types.Prompt(name='p', arguments=[])]\n"
        "\n"
        "@server.get_prompt()\n"
        "async def get_prompt(name, arguments):\n"
        "    return render(arguments)\n"
    )
    [server] = coverage([tmp_path]).servers
    [item] = server.prompts
    assert (item.name, item.status) == ("p", "partly")
    assert item.reason == f"the arguments mapping escapes at {tmp_path / 'server.py'}:12 into code that was not followed"


def test_a_mapping_that_escapes_inside_a_thread_worker_is_placed_at_the_worker_call(tmp_path: Path) -> None:
    """``asyncio.to_thread(build, args=arguments)`` stands for ``build(args=arguments)``: the
    place where the mapping escapes from ``build`` is that call, a node of the file."""
    (tmp_path / "server.py").write_text(
        "import asyncio\n"
        "import mcp.types as types\n"
        "from mcp.server import Server\n"
        "from elsewhere import render\n"
        "server = Server('x')\n"
        "\n"
        "@server.list_prompts()\n"
        "async def list_prompts():\n"
        "    return [types.Prompt(name='p', arguments=[])]\n"
        "\n"
        "def build(*, args, size):\n"
        "    return render(args, size)\n"
        "\n"
        "@server.get_prompt()\n"
        "async def get_prompt(name, arguments):\n"
        "    return await asyncio.to_thread(build, args=arguments, size=3)\n"
    )
    [server] = coverage([tmp_path]).servers
    [item] = server.prompts
    assert item.reason == f"the arguments mapping escapes at {tmp_path / 'server.py'}:16 into code that was not followed"


def test_an_escape_site_that_cannot_be_placed_is_reported_without_a_place() -> None:
    """A site that is no node of the linted modules (a stand-in the model built) must not
    crash the report; the item says the mapping escaped, without a place."""
    import libcst as cst
    from types import SimpleNamespace

    from mcplint.coverage import _escape_status

    def locate(node):
        raise KeyError("node Call belongs to no module of this model")

    handler = SimpleNamespace(escaped=True, escapes=[(cst.Call(func=cst.Name("f")), None)], escape_node=None)
    assert _escape_status(handler, "p", locate) == (
        "partly", "the arguments mapping escapes into code that was not followed")


def _register_prompts_project(tmp_path: Path, server_py: str) -> Path:
    """A package pinning both fastmcp and mcp whose prompts.py registers on an untyped parameter."""
    (tmp_path / "pyproject.toml").write_text(
        "[project]\nname = 'x'\nversion = '0'\ndependencies = ['fastmcp>=2.13.0', 'mcp>=1.22.0']\n")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "prompts.py").write_text(
        "def register_prompts(mcp):\n"
        "    @mcp.prompt()\n"
        "    def review(topic: str) -> str:\n"
        "        return f'Review {topic}'\n")
    (package / "server.py").write_text(server_py)
    return package


def test_an_untyped_server_parameter_takes_the_server_its_caller_in_the_next_module_passes(tmp_path: Path) -> None:
    package = _register_prompts_project(tmp_path, (
        "from mcp.server.fastmcp import FastMCP\n"
        "from pkg.prompts import register_prompts\n"
        "mcp = FastMCP('x')\n"
        "register_prompts(mcp)\n"))
    report = coverage([package / "prompts.py"])
    # mcp 1.x FastMCP, made in server.py line 3; not the fastmcp the pins would guess.
    assert [(s.variable, s.stack, Path(s.file).name, s.line) for s in report.servers] == [
        ("mcp", "mcp1-fastmcp", "server.py", 3)]
    assert report.counts()["gaps"] == 0


def test_callers_passing_servers_of_two_families_leave_the_parameter_a_gap(tmp_path: Path) -> None:
    package = _register_prompts_project(tmp_path, (
        "from mcp.server.fastmcp import FastMCP\n"
        "from fastmcp import FastMCP as Standalone\n"
        "from pkg.prompts import register_prompts\n"
        "mcp = FastMCP('x')\n"
        "other = Standalone('y')\n"
        "register_prompts(mcp)\n"
        "register_prompts(other)\n"))
    report = coverage([package / "prompts.py"])
    # Neither caller decides, and version ranges pin nothing to guess from: no server, silent.
    assert report.servers == []


def test_a_registry_filled_by_a_decorator_is_a_gap_not_an_empty_list(tmp_path: Path) -> None:
    (tmp_path / "registry.py").write_text(
        "REGISTRY = {}\n"
        "\n"
        "def prompt(name):\n"
        "    def decorator(fn):\n"
        "        REGISTRY[name] = fn\n"
        "        return fn\n"
        "    return decorator\n"
    )
    (tmp_path / "server.py").write_text(
        "import mcp.types as types\n"
        "from mcp.server.lowlevel import Server\n"
        "from registry import REGISTRY\n"
        "server = Server('x')\n"
        "\n"
        "@server.list_prompts()\n"
        "async def list_prompts():\n"
        "    return [types.Prompt(name=name) for name in REGISTRY]\n"
        "\n"
        "@server.get_prompt()\n"
        "async def get_prompt(name, arguments):\n"
        "    return await REGISTRY[name](arguments or {})\n"
    )
    (server,) = coverage([tmp_path]).servers
    assert [(item.name, item.status) for item in server.prompts] == [(None, "partly")]
    assert [(Path(gap.file).name, gap.line, gap.message) for gap in server.gaps] == [
        ("server.py", 7, "the prompts list_prompts returns could not be evaluated from the source: they come from "
                         "`REGISTRY`, a registry filled by calls that were not all followed")]


def test_add_prompt_of_an_unknown_value_names_the_call(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(
        "from fastmcp import FastMCP\n"
        "from plugins import discover\n"
        "mcp = FastMCP('x')\n"
        "for prompt in discover():\n"
        "    mcp.add_prompt(prompt)\n"
    )
    (server,) = coverage([tmp_path]).servers
    assert (server.prompts, [(gap.line, gap.message) for gap in server.gaps]) == ([], [
        (5, "add_prompt() is given a value that was not resolved to a Prompt object: the prompts it adds are not known")])


def test_a_server_handed_to_unlinked_code_and_an_unfollowed_add_tool_are_gaps(tmp_path: Path) -> None:
    (tmp_path / "register.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n"
        "\n"
        "def register_tools(server: FastMCP, definitions) -> None:\n"
        "    for definition in definitions:\n"
        "        server.add_tool(fn=definition.fn, name=definition.name)\n"
    )
    (tmp_path / "main.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n"
        "from plugins import register_everything\n"
        "mcp = FastMCP('x')\n"
        "register_everything(mcp)\n"
    )
    report = coverage([tmp_path])
    gaps = sorted((Path(gap.file).name, gap.line, gap.message) for server in report.servers for gap in server.gaps)
    assert gaps == [
        ("main.py", 4, "`mcp` is handed to register_everything(), and no prompt or tool registered there was "
                       "linked to this server"),
        ("register.py", 3, "`server` is a parameter of register_tools() and no call found in the project passes "
                           "it a known server: the server it stands for is not known here"),
        ("register.py", 5, "handler passed to add_tool is `definition.fn`, which was not resolved to a function"),
    ]


def test_a_registry_filled_by_decorators_in_another_module_declares_its_prompts(tmp_path: Path) -> None:
    (tmp_path / "registry.py").write_text(
        "import mcp.types as types\n"
        "REGISTRY = {}\n"
        "\n"
        "def prompt(name, *arguments):\n"
        "    def decorator(fn):\n"
        "        REGISTRY[name] = (types.Prompt(name=name, arguments=[types.PromptArgument(name=a) for a in arguments]), fn)\n"
        "        return fn\n"
        "    return decorator\n"
    )
    (tmp_path / "prompts.py").write_text(
        "from registry import prompt\n"
        "\n"
        "@prompt('review', 'code')\n"
        "def review(args):\n"
        "    return args.get('code')\n"
    )
    (tmp_path / "server.py").write_text(
        "import mcp.types as types\n"
        "from mcp.server.lowlevel import Server\n"
        "from registry import REGISTRY\n"
        "server = Server('x')\n"
        "\n"
        "@server.list_prompts()\n"
        "async def list_prompts():\n"
        "    return [declared for declared, _ in REGISTRY.values()]\n"
        "\n"
        "@server.get_prompt()\n"
        "async def get_prompt(name, arguments):\n"
        "    declared, render = REGISTRY[name]\n"
        "    return render(arguments or {})\n"
    )
    (server,) = coverage([tmp_path / "server.py"]).servers
    assert [(item.name, Path(item.file).name, item.line) for item in server.prompts] == [("review", "registry.py", 6)]


def test_a_class_registry_filled_by_a_classmethod_is_a_gap_not_an_empty_list(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(
        "import mcp.types as types\n"
        "from mcp.server.lowlevel import Server\n"
        "\n"
        "class Registry:\n"
        "    _prompts = {}\n"
        "\n"
        "    @classmethod\n"
        "    def register(cls, prompt):\n"
        "        cls._prompts[prompt.name] = prompt\n"
        "\n"
        "    @classmethod\n"
        "    def all(cls):\n"
        "        return [p.declaration() for p in cls._prompts.values()]\n"
        "\n"
        "server = Server('x')\n"
        "\n"
        "@server.list_prompts()\n"
        "async def list_prompts():\n"
        "    return Registry.all()\n"
        "\n"
        "@server.get_prompt()\n"
        "async def get_prompt(name, arguments):\n"
        "    return await Registry._prompts[name].run(arguments)\n"
    )
    (server,) = coverage([tmp_path]).servers
    assert [(gap.line, gap.message) for gap in server.gaps] == [
        (18, "the prompts list_prompts returns could not be evaluated from the source")]


def test_a_server_handed_to_a_register_function_that_is_linked_shows_no_handoff_gap(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(
        "from fastmcp import FastMCP\n"
        "from prompts import register_prompts\n"
        "mcp = FastMCP('x')\n"
        "register_prompts(mcp)\n"
    )
    (tmp_path / "prompts.py").write_text(
        "def register_prompts(mcp):\n"
        "    @mcp.prompt()\n"
        "    def review(code: str) -> str:\n"
        "        return code\n"
    )
    (server,) = coverage([tmp_path]).servers
    assert ([item.name for item in server.prompts], server.gaps) == (["review"], [])


ESCAPE_IN_ONE_BRANCH = '''
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError
from mcp.types import INVALID_PARAMS, ErrorData
from elsewhere import render

server = Server("g")


@server.list_prompts()
async def list_prompts():
    who = [types.PromptArgument(name="who", description="who", required=True)]
    return [types.Prompt(name="opaque", arguments=who), types.Prompt(name="plain", arguments=who)]


@server.get_prompt()
async def get_prompt(name, arguments):
    if name == "opaque":
        return render(arguments)
    if name == "plain":
        who = (arguments or {}).get("who")
        if not who:
            raise McpError(ErrorData(code=INVALID_PARAMS, message="who is required"))
        return types.GetPromptResult(messages=[])
    raise McpError(ErrorData(code=INVALID_PARAMS, message=name))
'''


def test_an_escape_in_one_branch_makes_only_that_branchs_prompt_partly(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(ESCAPE_IN_ONE_BRANCH)
    [server] = coverage([tmp_path]).servers
    assert [(item.name, item.status, item.reason) for item in server.prompts] == [
        ("opaque", "partly", f"the arguments mapping escapes at {tmp_path / 'server.py'}:20 into code that was not followed"),
        ("plain", "analysed", None),
    ]


def test_the_summary_counts_partly_analysed_handlers_apart(tmp_path: Path) -> None:
    """A partly analysed prompt is not counted as analysed; the totals line says how many there are."""
    (tmp_path / "server.py").write_text(ESCAPE_IN_ONE_BRANCH)
    report = coverage([tmp_path])
    assert (report.counts()["prompts_analysed"], report.counts()["prompts_partly"]) == (1, 1)
    assert render_text(report).splitlines()[-1] == \
        "Coverage: 1 server; prompts 1/2 analysed (1 partly); tools 0/0 analysed; 0 gaps"


def test_an_unresolved_receiver_is_named_as_written(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(
        "import mcp.types as types\nfrom mcp.server.lowlevel import Server\n\n"
        "server = Server('s')\nservers = {'main': server}\n\n\n"
        "@servers['main'].list_prompts()\nasync def list_prompts():\n    return []\n")
    assert [(gap.line, gap.message) for gap in coverage([tmp_path]).gaps] == [
        (8, "@servers['main'].list_prompts registers on `servers['main']`, which was not resolved to a server")]


def test_a_list_handler_passed_as_a_lambda_is_not_called_missing(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(
        "import mcp.types as types\nfrom mcp.server.lowlevel import Server\n\nserver = Server('s')\n\n\n"
        "@server.call_tool()\nasync def call_tool(name, arguments):\n    return []\n\n\n"
        "server.list_tools()(lambda: [])\n")
    [server] = coverage([tmp_path]).servers
    assert [(gap.line, gap.message) for gap in server.gaps] == [
        (12, "handler passed to list_tools() is a lambda, which was not resolved to a function"),
        (8, "no list_tools handler was resolved for this server, so the declared tools are unknown"),
    ]


def test_objects_whose_code_is_not_found_are_gaps_or_partly(tmp_path: Path) -> None:
    """A Tool subclass with no concrete run() is a gap at the instance; a getattr dispatch whose
    member is not found for one declared name, on a class with a base outside the project (which
    may define it), is not followed at all (that name could run anything): its tools are partly
    analysed, at the call."""
    (tmp_path / "tools.py").write_text(
        "from fastmcp import FastMCP\n"
        "from fastmcp.tools import Tool\n"
        "\n"
        "class Abstract(Tool):\n"
        "    async def run(self, arguments):\n"
        "        raise NotImplementedError\n"
        "\n"
        "class Echo(Tool):\n"
        "    async def run(self, arguments):\n"
        "        return arguments.get('text') or ''\n"
        "\n"
        "mcp = FastMCP('x')\n"
        "mcp.add_tool(Abstract(name='abstract'))\n"
        "mcp.add_tool(Echo(name='echo', parameters={'type': 'object', 'properties': {'text': {'type': 'string'}}}))\n"
    )
    (tmp_path / "lowlevel.py").write_text(
        "import mcp.types as types\n"
        "from mcp.server.lowlevel import Server\n"
        "from plugins import PluginBase\n"
        "server = Server('y')\n"
        "class Ops(PluginBase):\n"
        "    def op_ping(self, args):\n"
        "        return args.get('host') or 'localhost'\n"
        "OPS = Ops()\n"
        "@server.list_tools()\n"
        "async def tools():\n"
        "    return [types.Tool(name='ping', inputSchema={'type': 'object', 'properties': {'host': {}}}),\n"
        "            types.Tool(name='trace', inputSchema={'type': 'object', 'properties': {'host': {}}})]\n"
        "@server.call_tool()\n"
        "async def call(name, arguments):\n"
        "    return getattr(OPS, 'op_' + name)(arguments)\n"
    )
    report = coverage([tmp_path])
    fastmcp = next(server for server in report.servers if server.file.endswith("tools.py"))
    lowlevel = next(server for server in report.servers if server.file.endswith("lowlevel.py"))
    assert [(gap.line, gap.message) for gap in fastmcp.gaps] == [
        (13, "no run(self, arguments) method was found for the Tool subclass added here, so its handler is not known"),
    ]
    assert [(item.name, item.status) for item in fastmcp.tools] == [("echo", "analysed")]
    reason = f"the arguments mapping escapes at {tmp_path / 'lowlevel.py'}:15 into code that was not followed"
    assert [(item.name, item.status, item.reason) for item in lowlevel.tools] == [
        ("ping", "partly", reason), ("trace", "partly", reason),
    ]


def test_tools_of_a_dispatch_map_built_at_run_time_are_each_counted(tmp_path: Path) -> None:
    """A list handler the model cannot evaluate and a call handler dispatching through a map a
    factory fills under names built from data: each entry of the map is one tool in the report
    (named by its key as written), partly analysed, instead of one line for the whole handler."""
    (tmp_path / "server.py").write_text(
        "import json\nfrom functools import partial\nimport mcp.types as types\n"
        "from mcp.server.lowlevel import Server\nimport registry\n\n\n"
        "def export(fmt, payload):\n    return {'data': registry.render(fmt, payload)}\n\n\n"
        "def purge(payload):\n    return {'purged': True}\n\n\n"
        "def handlers():\n    h = {'purge': purge}\n    for fmt in registry.formats():\n"
        "        h[f'export_{fmt}'] = partial(export, fmt)\n    return h\n\n\n"
        "server = Server('x')\nHANDLERS = handlers()\n\n\n"
        "@server.list_tools()\nasync def list_tools():\n    return registry.tool_specs()\n\n\n"
        "@server.call_tool()\nasync def call_tool(name, arguments):\n"
        "    payload = HANDLERS[name](arguments or {})\n"
        "    return [types.TextContent(type='text', text=json.dumps(payload))]\n")
    report = coverage([tmp_path])
    (server,) = report.servers
    assert [(item.name, item.line, item.status) for item in server.tools] == [
        ("purge", 17, "partly"), ("f'export_{fmt}'", 19, "partly")]
    assert report.counts()["tools"] == 2


def test_a_map_merged_in_a_tools_package_lists_each_tool_and_follows_each_handler(tmp_path: Path) -> None:
    """``TOOL_HANDLERS = {**search.HANDLERS, **admin.HANDLERS}`` in ``tools/__init__.py``, one
    of them a comprehension over literal names: each entry is a tool of the report, and each
    handler's failure return is what the dispatcher serialises (MCP204 in its own module)."""
    from mcplint.config import Settings
    from mcplint.engine import lint_source

    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n')
    tools = tmp_path / "app" / "tools"
    tools.mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tools / "search.py").write_text(
        "import db\n\n\ndef search(arguments):\n    try:\n        return db.search(arguments.get('q', ''))\n"
        "    except db.Error as exc:\n        return {'error': str(exc)}\n\n\nHANDLERS = {'search': search}\n")
    (tools / "admin.py").write_text(
        "import db\n\n\ndef purge(arguments):\n    if not db.purge():\n        return {'error': 'purge failed'}\n"
        "    return {'ok': True}\n\n\nHANDLERS = {f'admin_{n}': purge for n in ('purge', 'wipe')}\n")
    (tools / "__init__.py").write_text("from . import admin, search\n\nTOOL_HANDLERS = {**search.HANDLERS, **admin.HANDLERS}\n")
    server = tmp_path / "app" / "server.py"
    server.write_text(
        "import json\nimport mcp.types as types\nfrom mcp.server.lowlevel import Server\n\n"
        "from app.tools import TOOL_HANDLERS\nimport specs\n\nserver = Server('pkg')\n\n\n"
        "@server.list_tools()\nasync def list_tools():\n    return specs.load()\n\n\n"
        "@server.call_tool()\nasync def call_tool(name, arguments):\n    handler = TOOL_HANDLERS.get(name)\n"
        "    if handler is None:\n        raise ValueError(name)\n"
        "    return [types.TextContent(type='text', text=json.dumps(handler(arguments or {})))]\n")
    (entry,) = coverage([server]).servers
    assert [(item.name, Path(item.file).name, item.line) for item in entry.tools] == [
        ("admin_purge", "admin.py", 4), ("admin_wipe", "admin.py", 4), ("search", "search.py", 4)]
    found = sorted((Path(d.path).name, d.span.start.line, d.code)
                   for d in lint_source(server.read_bytes(), server, Settings(select=("MCP204",), preview=True)))
    assert found == [("admin.py", 6, "MCP204"), ("search.py", 8, "MCP204")]


def test_a_name_longer_than_the_column_widens_it_so_statuses_stay_aligned(tmp_path: Path) -> None:
    long_name = "obsidian_get_recent_periodic_notes_of_vault"  # 43 characters, past the usual 32
    (tmp_path / "server.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n\n\n"
        f"@mcp.tool()\ndef {long_name}(days: int) -> str:\n    return str(days)\n\n\n"
        "@mcp.tool()\ndef short(days: int) -> str:\n    return str(days)\n"
    )
    result = CliRunner().invoke(cli, ["--show-coverage", str(tmp_path)])
    rows = [line for line in result.output.splitlines() if line.startswith("  tool")]
    assert [row.split()[1:3] for row in rows] == [[long_name, "analysed"], ["short", "analysed"]]
    assert [row.index("analysed") for row in rows] == [2 + 6 + 1 + 43 + 1] * 2
