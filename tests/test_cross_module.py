"""Cross-module analysis: declarations, validators and handler bodies in other project modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.runner import lint_paths

PROJECT = Path(__file__).parent / "projects" / "split_server"
PACKAGE = PROJECT / "src" / "deploybot"


def _found(diagnostics):
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in diagnostics)


def test_declarations_validator_and_delegated_handler_are_one_server() -> None:
    diagnostics = lint_source((PACKAGE / "server.py").read_bytes(), PACKAGE / "server.py", Settings())
    # 'env' declared required in prompts.py and defaulted in server.py; 'service' passes the
    # imported validator (no finding); the review body in handlers.py reads 'Code'. The defaulted
    # 'env' is rendered too, but its default is real text: MCP101's one finding.
    assert _found(diagnostics) == [("handlers.py", 7, "MCP102"), ("server.py", 23, "MCP101")]


def test_related_location_names_the_declarations_file_and_line() -> None:
    diagnostics = lint_source((PACKAGE / "server.py").read_bytes(), PACKAGE / "server.py", Settings())
    mcp101 = next(d for d in diagnostics if d.code == "MCP101")
    assert [(Path(r.path).name, r.span.start.line) for r in mcp101.related] == [("prompts.py", 15)]


def test_linting_the_whole_project_reports_each_finding_once() -> None:
    result = lint_paths([PROJECT], Settings())
    assert _found(result.diagnostics) == [("handlers.py", 7, "MCP102"), ("server.py", 23, "MCP101")]


def test_a_noqa_in_the_other_module_suppresses_its_finding(tmp_path: Path) -> None:
    package = _copy_project(tmp_path)
    handlers = package / "handlers.py"
    handlers.write_text(handlers.read_text().replace('"")\n', '"")  # noqa: MCP102\n'))
    diagnostics = lint_source((package / "server.py").read_bytes(), package / "server.py", Settings())
    assert _found(diagnostics) == [("server.py", 23, "MCP101")]


def test_unresolvable_and_circular_imports_keep_rules_silent(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    (tmp_path / "a.py").write_text("from b import PROMPTS\nfrom missing import OTHER\n")
    (tmp_path / "b.py").write_text("from a import PROMPTS\n")
    server = tmp_path / "server.py"
    server.write_text(
        "from mcp.server.lowlevel import Server\nfrom a import PROMPTS\nfrom nowhere import render\n"
        "server = Server('s')\n\n@server.list_prompts()\nasync def list_prompts():\n    return PROMPTS\n\n"
        "@server.get_prompt()\nasync def get_prompt(name, arguments):\n"
        "    return render((arguments or {}).get('Topic', 'x'))\n"
    )
    assert lint_source(server.read_bytes(), server, Settings()) == []


def test_modules_outside_the_project_root_are_never_read(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "decls.py").write_text(
        "import mcp.types as types\nPROMPTS = [types.Prompt(name='p', arguments=["
        "types.PromptArgument(name='env', required=True)])]\n"
    )
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    (project / "decls.py").symlink_to(outside / "decls.py")
    server = project / "server.py"
    server.write_text(
        "from mcp.server.lowlevel import Server\nfrom decls import PROMPTS\nserver = Server('s')\n\n"
        "@server.list_prompts()\nasync def list_prompts():\n    return PROMPTS\n\n"
        "@server.get_prompt()\nasync def get_prompt(name, arguments):\n"
        "    return (arguments or {}).get('env', 'prod')\n"
    )
    assert lint_source(server.read_bytes(), server, Settings()) == []
    (project / "decls.py").unlink()
    (project / "decls.py").write_text((outside / "decls.py").read_text())
    assert [d.code for d in lint_source(server.read_bytes(), server, Settings())] == ["MCP101"]


def _copy_project(tmp_path: Path) -> Path:
    import shutil

    shutil.copytree(PROJECT, tmp_path / "split_server")
    return tmp_path / "split_server" / "src" / "deploybot"


def test_a_legacy_fallback_read_in_another_module_is_not_undeclared(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    (tmp_path / "flags.py").write_text(
        "def wants_refresh(arguments):\n    return bool(arguments.get('force') or arguments.get('refresh'))\n\n\n"
        "def mirror(arguments):\n    return arguments.get('mirror') or 'arxiv.org'\n")
    server = tmp_path / "server.py"
    server.write_text(
        "import mcp.types as types\nfrom mcp.server.lowlevel import Server\n\nfrom flags import mirror, wants_refresh\n\n"
        "server = Server('s')\n\n\n@server.list_tools()\nasync def list_tools():\n"
        "    return [types.Tool(name='download', inputSchema={'type': 'object', 'properties': {'force': {'type': 'boolean'}}})]\n\n\n"
        "@server.call_tool()\nasync def call_tool(name, arguments):\n"
        "    if name != 'download':\n        raise ValueError(name)\n"
        "    return [types.TextContent(type='text', text=f'{wants_refresh(arguments)} {mirror(arguments)}')]\n")
    found = [(Path(d.path).name, d.span.start.line, d.code) for d in lint_source(server.read_bytes(), server, Settings())]
    assert found == [("flags.py", 6, "MCP102")]  # 'refresh' is a fallback for 'force'; 'mirror' is just undeclared


def test_a_handler_delegated_with_the_name_is_judged_in_its_module(tmp_path: Path) -> None:
    """arxiv-mcp-server's shape: get_prompt(name, arguments) hands both to another module,
    which dispatches on the name and raises ValueError for an unknown one."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    (tmp_path / "handlers.py").write_text(
        "import mcp.types as types\n\nPROMPTS = {'summarize': types.Prompt(name='summarize', arguments=[])}\n\n\n"
        "async def render(prompt_name, arguments):\n    if prompt_name not in PROMPTS:\n"
        "        raise ValueError(f'Prompt not found: {prompt_name}')\n    return types.GetPromptResult(messages=[])\n")
    server = tmp_path / "server.py"
    server.write_text(
        "from mcp.server.lowlevel import Server\n\nfrom handlers import PROMPTS, render\n\nserver = Server('s')\n\n\n"
        "@server.list_prompts()\nasync def list_prompts():\n    return list(PROMPTS.values())\n\n\n"
        "@server.get_prompt()\nasync def get_prompt(name, arguments):\n    return await render(name, arguments)\n")
    found = [(Path(d.path).name, d.span.start.line, d.code) for d in lint_source(server.read_bytes(), server, Settings())]
    assert found == [("handlers.py", 8, "MCP201")]


SPREAD = Path(__file__).parent / "projects" / "spread_server"


def test_servers_imported_made_by_factories_or_passed_in_are_found_once() -> None:
    # app.py makes the FastMCP server; prompts.py imports it, more_prompts.py receives it as a
    # typed parameter, lowlevel.py's factory makes a low-level one, and main.py only wires
    # them up: each finding is reported once, in the module that holds the handler.
    result = lint_paths([SPREAD], Settings(preview=True))
    # handlers.py's function is registered by wiring.py on app.py's server; ll_handlers.py
    # serves the prompts ll_app.py lists (the declarations come from there).
    assert _found(result.diagnostics) == [
        ("handlers.py", 5, "MCP101"), ("ll_handlers.py", 10, "MCP201"), ("ll_handlers.py", 11, "MCP102"),
        # `day` is read into a local nothing uses: its default never matters, so no MCP101; the
        # MCP103 sits at that read, where the caller's value is lost
        ("lowlevel.py", 16, "MCP104"),
        ("lowlevel.py", 17, "MCP103"),
        ("more_prompts.py", 7, "MCP101"), ("prompts.py", 6, "MCP101"),
    ]


def test_a_module_that_only_uses_a_server_made_elsewhere_has_no_server() -> None:
    from mcplint.model import build_model
    import libcst as cst

    main = SPREAD / "src" / "notesbot" / "main.py"
    model = build_model(cst.parse_module(main.read_text()), str(main))
    assert model.servers == []


def test_a_pydantic_model_from_another_module_gives_its_fields_as_reads(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "models.py").write_text(
        "from pydantic import BaseModel, Field\n\n\n"
        "class Greeting(BaseModel):\n"
        "    who: str\n"
        "    tone: str = Field(default=\"friendly\", alias=\"style\")\n")
    server = package / "server.py"
    server.write_text(
        "import mcp.types as types\n"
        "from mcp.server.lowlevel import Server\n"
        "from pkg.models import Greeting\n\n"
        "server = Server(\"cross\")\n\n\n"
        "@server.list_prompts()\n"
        "async def list_prompts():\n"
        "    return [types.Prompt(name=\"greet\", arguments=[types.PromptArgument(name=\"who\", required=True),\n"
        "                                                  types.PromptArgument(name=\"style\", required=True)])]\n\n\n"
        "@server.get_prompt()\n"
        "async def get_prompt(name, arguments):\n"
        "    greeting = Greeting(**(arguments or {}))\n"
        "    return types.GetPromptResult(messages=[])\n")
    diagnostics = lint_source(server.read_bytes(), server, Settings(select=("MCP101", "MCP201", "MCP103")))
    # 'style' is the alias of a defaulted field (MCP101, reported at the field default in
    # models.py, the validation call its related location); 'who' is required (ValidationError,
    # code 0 on mcp 1.x: MCP201); both count as read, so no MCP103.
    assert [(Path(d.path).name, d.span.start.line, d.code, d.message.split(" ", 3)[2]) for d in diagnostics] == [
        ("models.py", 6, "MCP101", "'style'"), ("server.py", 16, "MCP201", "ValidationError")]
    assert [(Path(r.path).name, r.span.start.line) for r in diagnostics[0].related] == [
        ("server.py", 11), ("server.py", 16)]


def _write_class_handlers_project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "handlers.py").write_text(
        "DEFAULTS = {\"branch\": \"main\"}\n\n\n"
        "class Handlers:\n"
        "    @staticmethod\n"
        "    def deploy(arguments):\n"
        "        return f\"Deploy to {arguments.get('environment', 'staging')}\"\n\n"
        "    @classmethod\n"
        "    def release(cls, arguments):\n"
        "        args = dict(DEFAULTS)\n"
        "        args.update(arguments)\n"
        "        return f\"Release {args['branch']}\"\n")
    server = package / "server.py"
    server.write_text(
        "import mcp.types as types\n"
        "from mcp.server.lowlevel import Server\n"
        "from mcp.shared.exceptions import McpError\n"
        "from mcp.types import INVALID_PARAMS, ErrorData\n"
        "from pkg.handlers import Handlers\n\n"
        "server = Server(\"cross\")\n\n\n"
        "@server.list_prompts()\n"
        "async def list_prompts():\n"
        "    return [types.Prompt(name=\"deploy\", arguments=[types.PromptArgument(name=\"environment\", required=True)]),\n"
        "            types.Prompt(name=\"release\", arguments=[types.PromptArgument(name=\"branch\", required=True)])]\n\n\n"
        "@server.get_prompt()\n"
        "async def get_prompt(name, arguments):\n"
        "    arguments = arguments or {}\n"
        "    if name == \"deploy\":\n"
        "        text = Handlers.deploy(arguments)\n"
        "    elif name == \"release\":\n"
        "        text = Handlers.release(arguments)\n"
        "    else:\n"
        "        raise McpError(ErrorData(code=INVALID_PARAMS, message=\"unknown prompt\"))\n"
        "    return types.GetPromptResult(messages=[])\n")
    return server


def test_methods_called_through_a_class_of_another_module_are_followed(tmp_path: Path) -> None:
    server = _write_class_handlers_project(tmp_path)
    diagnostics = lint_source(server.read_bytes(), server, Settings(select=("MCP101",)))
    # the staticmethod's default sits in handlers.py; the classmethod's merged defaults dict is
    # given in handlers.py too (module constant), reported where the merge takes it
    assert _found(diagnostics) == [("handlers.py", 7, "MCP101"), ("handlers.py", 11, "MCP101")]


_REGISTRY_MODULE = (
    "HANDLERS = {}\n\n\n"
    "def prompt_handler(name):\n"
    "    def wrap(fn):\n"
    "        HANDLERS[name] = fn\n"
    "        return fn\n"
    "    return wrap\n"
)
_UTIL_MODULE = (
    "def require(args, key):\n"
    "    value = (args.get(key) or '').strip()\n"
    "    if not value:\n"
    "        raise {error}\n"
    "    return value\n"
)
_HANDLERS_MODULE = (
    "from registry import prompt_handler\n"
    "from util import require\n\n\n"
    "@prompt_handler('release_notes')\n"
    "def release_notes(args):\n"
    "    repo = require(args, '{key}')\n"
    "    return f'Release notes for {{repo}}'\n"
)
_SERVERS = {
    "mcp1": (
        "import mcp.types as types\nfrom mcp.server.lowlevel import Server\n"
        "from mcp.shared.exceptions import McpError\n\nimport handlers  # noqa: F401\n"
        "from registry import HANDLERS\n\nserver = Server('notes')\n"
        "PROMPTS = [types.Prompt(name='release_notes', arguments=[types.PromptArgument(name='repository', required=True)])]\n\n\n"
        "@server.list_prompts()\nasync def list_prompts():\n    return PROMPTS\n\n\n"
        "@server.get_prompt()\nasync def get_prompt(name, arguments):\n"
        "    renderer = HANDLERS.get(name)\n"
        "    if renderer is None:\n"
        "        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=name))\n"
        "    text = renderer(arguments or {})\n"
        "    return types.GetPromptResult(messages=[types.PromptMessage(role='user', "
        "content=types.TextContent(type='text', text=text))])\n",
        "McpError(ErrorData(code=INVALID_PARAMS, message=key))",
        "from mcp.shared.exceptions import McpError\nfrom mcp.types import INVALID_PARAMS, ErrorData\n\n\n"),
    "mcp2": (
        "import mcp.types as types\nfrom mcp import MCPError\nfrom mcp.server import Server\n\n"
        "import handlers  # noqa: F401\nfrom registry import HANDLERS\n\n"
        "PROMPTS = [types.Prompt(name='release_notes', arguments=[types.PromptArgument(name='repository', required=True)])]\n\n\n"
        "async def list_prompts(ctx, params):\n    return types.ListPromptsResult(prompts=PROMPTS)\n\n\n"
        "async def get_prompt(ctx, params):\n"
        "    renderer = HANDLERS.get(params.name)\n"
        "    if renderer is None:\n"
        "        raise MCPError(code=types.INVALID_PARAMS, message=params.name)\n"
        "    text = renderer(params.arguments or {})\n"
        "    return types.GetPromptResult(messages=[types.PromptMessage(role='user', "
        "content=types.TextContent(type='text', text=text))])\n\n\n"
        "server = Server('notes', on_list_prompts=list_prompts, on_get_prompt=get_prompt)\n",
        "MCPError(code=INVALID_PARAMS, message=key)",
        "from mcp import MCPError\nfrom mcp.types import INVALID_PARAMS\n\n\n"),
}


def _decorator_registry_project(tmp_path: Path, stack: str, key: str) -> Path:
    server, error, util_imports = _SERVERS[stack]
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    (tmp_path / "registry.py").write_text(_REGISTRY_MODULE)
    (tmp_path / "util.py").write_text(util_imports + _UTIL_MODULE.format(error=error))
    (tmp_path / "handlers.py").write_text(_HANDLERS_MODULE.format(key=key))
    (tmp_path / "server.py").write_text(server)
    return tmp_path / "server.py"


@pytest.mark.parametrize("stack", ["mcp1", "mcp2"])
def test_a_dispatch_on_a_registry_filled_by_decorators_in_another_module_follows_its_entries(
        tmp_path: Path, stack: str) -> None:
    # `@prompt_handler("release_notes")` in handlers.py fills registry.HANDLERS; the get handler
    # in server.py calls `HANDLERS.get(name)(arguments)`: the entry's read through its own
    # module's `require(args, "repo")` is reported where the key is written.
    server = _decorator_registry_project(tmp_path, stack, "repo")
    assert _found(lint_source(server.read_bytes(), server, Settings())) == [("handlers.py", 7, "MCP102")]


@pytest.mark.parametrize("stack", ["mcp1", "mcp2"])
def test_a_registry_entry_that_reads_its_declared_argument_is_silent(tmp_path: Path, stack: str) -> None:
    server = _decorator_registry_project(tmp_path, stack, "repository")
    assert _found(lint_source(server.read_bytes(), server, Settings())) == []


@pytest.mark.parametrize("marker, package, expected", [
    (None, False, []), (None, True, ["MCP101"]), ("requirements.txt", False, ["MCP101"]), ("Pipfile", False, ["MCP101"])])
def test_a_requirements_file_marks_the_root_of_a_project_without_pyproject(tmp_path: Path, marker, package,
                                                                          expected) -> None:
    """Many servers ship only requirements.txt (and a copy may have no ``.git``): it marks the
    root that absolute imports start from (``from app.decls import PROMPTS`` in ``app/server.py``).
    With no marker, the folder above the top-level package is the root; with no package either,
    the module's own folder is, and the import stays unresolved."""
    if marker is not None:
        (tmp_path / marker).write_text("mcp==1.9.4\n" if marker == "requirements.txt" else "")
    package_dir = tmp_path / "app"
    package_dir.mkdir()
    if package:
        (package_dir / "__init__.py").write_text("")
    package = package_dir
    (package / "decls.py").write_text(
        "import mcp.types as types\nPROMPTS = [types.Prompt(name='p', arguments=["
        "types.PromptArgument(name='env', required=True)])]\n")
    server = package / "server.py"
    server.write_text(
        "from mcp.server.lowlevel import Server\nfrom app.decls import PROMPTS\nserver = Server('s')\n\n"
        "@server.list_prompts()\nasync def list_prompts():\n    return PROMPTS\n\n"
        "@server.get_prompt()\nasync def get_prompt(name, arguments):\n"
        "    return (arguments or {}).get('env', 'prod')\n")
    assert [d.code for d in lint_source(server.read_bytes(), server, Settings())] == expected


def test_a_pyproject_above_a_requirements_file_is_the_root(tmp_path: Path) -> None:
    """A sub-folder's own requirements.txt does not cut the project short when a folder above
    holds a pyproject.toml: imports still start from there."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    (tmp_path / "decls.py").write_text(
        "import mcp.types as types\nPROMPTS = [types.Prompt(name='p', arguments=["
        "types.PromptArgument(name='env', required=True)])]\n")
    folder = tmp_path / "server"
    folder.mkdir()
    (folder / "requirements.txt").write_text("mcp==1.9.4\n")
    server = folder / "main.py"
    server.write_text(
        "from mcp.server.lowlevel import Server\nfrom decls import PROMPTS\nserver = Server('s')\n\n"
        "@server.list_prompts()\nasync def list_prompts():\n    return PROMPTS\n\n"
        "@server.get_prompt()\nasync def get_prompt(name, arguments):\n"
        "    return (arguments or {}).get('env', 'prod')\n")
    assert [d.code for d in lint_source(server.read_bytes(), server, Settings())] == ["MCP101"]


def _write_api_project(root: Path, path_expression: str) -> Path:
    """A FastMCP server whose tool builds an API path from its argument and hands it to a
    request helper in another module (a client from the lifespan, unknown to mcplint)."""
    (root / "pyproject.toml").write_text("[project]\nname = 'tracker'\nversion = '0'\ndependencies = ['mcp==1.26.0']\n")
    package = root / "tracker"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "api.py").write_text(
        "async def call_api(ctx, method: str, path: str):\n"
        "    client = ctx.request_context.lifespan_context.client\n"
        "    response = await client.request(method=method, url=path)\n"
        "    return response.text\n"
    )
    (package / "server.py").write_text(
        "from urllib.parse import quote\n\nfrom mcp.server.fastmcp import Context, FastMCP\n\nfrom . import api\n\n"
        "mcp = FastMCP('tracker')\n\n\n"
        "@mcp.tool()\nasync def delete_ticket(ctx: Context, ticket: str | int) -> str:\n"
        f"    await api.call_api(ctx, 'DELETE', {path_expression})\n"
        "    return 'deleted'\n"
    )
    return package / "server.py"


def _mcp302(server: Path) -> list:
    return [(Path(d.path).name, d.span.start.line, d.code)
            for d in lint_source(server.read_bytes(), server, Settings(preview=True)) if d.code == "MCP302"]


def test_a_url_path_built_here_and_requested_by_a_helper_of_another_module(tmp_path: Path) -> None:
    server = _write_api_project(tmp_path, "f'/v1/tickets/{ticket}'")
    assert _mcp302(server) == [("server.py", 12, "MCP302")]


def test_an_encoded_path_segment_is_silent(tmp_path: Path) -> None:
    server = _write_api_project(tmp_path, "f'/v1/tickets/{quote(str(ticket), safe=\"\")}'")
    assert _mcp302(server) == []


@pytest.mark.parametrize("failure, expected", [(True, [("load_tool.py", 8, "MCP204")]), (False, [])])
def test_a_function_a_package_re_exports_is_followed_through_the_package(tmp_path: Path, failure, expected) -> None:
    """``from . import tools`` ... ``tools.load(path)``, where ``tools/__init__.py`` re-exports
    ``load`` from ``tools/load_tool.py``: the helper's failure return is the tool's result."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["fastmcp==2.14.7"]\n')
    app = tmp_path / "app"
    (app / "tools").mkdir(parents=True)
    (app / "__init__.py").write_text("")
    (app / "tools" / "__init__.py").write_text('"""Tools."""\nfrom .load_tool import load\n')
    answer = '{"status": "error", "message": f"Failed to load: {e}"}' if failure else '{"status": "ok", "rows": 0}'
    (app / "tools" / "load_tool.py").write_text(
        "def load(path: str) -> dict:\n    try:\n        with open(path) as handle:\n"
        "            rows = handle.readlines()\n        return {'status': 'ok', 'rows': len(rows)}\n"
        f"    except OSError as e:\n        print(e)\n        return {answer}\n")
    server = app / "server.py"
    server.write_text(
        "from fastmcp import FastMCP\n\nfrom . import tools\n\nmcp = FastMCP('data')\n\n\n"
        "@mcp.tool\nasync def load_dataset(path: str) -> dict:\n    return tools.load(path)\n")
    found = [(Path(d.path).name, d.span.start.line, d.code)
             for d in lint_source(server.read_bytes(), server, Settings(select=("MCP204",), preview=True))]
    assert found == expected


ERRORS_MODULE = '''
class ToolFailure(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message

    def to_dict(self) -> dict:
        return {"error": self.code, "message": self.message}


def error_response(e: ToolFailure) -> dict:
    """The error payload of a failure."""
    return e.to_dict()


def describe(record: dict) -> dict:
    return dict(record)
'''

TOOLS_MODULE = '''
{server_import}
from . import errors

mcp = {server}("jobs")
JOBS = {{"a1": {{"state": "done"}}}}


@mcp.tool()
def job_status(job_id: str) -> dict:
    try:
        if job_id not in JOBS:
            raise errors.ToolFailure("NOT_FOUND", f"no job {{job_id}}")
        return errors.describe(JOBS[job_id])
    except errors.ToolFailure as e:
        return {returned}
'''


@pytest.mark.parametrize("server_import, server, pin", [
    ("from mcp.server.fastmcp import FastMCP", "FastMCP", "mcp==1.9.4"),
    ("from fastmcp import FastMCP", "FastMCP", "fastmcp==2.14.7")])
@pytest.mark.parametrize("returned, expected", [("errors.error_response(e)", [("errors.py", 13), ("tools.py", 16)]),
                                               ("errors.describe(JOBS['a1'])", [])])
def test_an_error_builder_reached_through_its_module_is_a_failure_result(tmp_path: Path, server_import, server, pin,
                                                                         returned, expected) -> None:
    """``return errors.error_response(e)`` in an ``except``, where the builder (``-> dict``)
    returns ``e.to_dict()``: the caught failure is sent as a success result, reported at the tool's
    ``return`` and at the builder's (a dict cannot carry the error flag). A helper handed other
    data there (a fallback record) is no error payload."""
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\ndependencies = ["{pin}"]\n')
    package = tmp_path / "jobs"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "errors.py").write_text(ERRORS_MODULE)
    tools = package / "tools.py"
    tools.write_text(TOOLS_MODULE.format(server_import=server_import, server=server, returned=returned))
    found = [(Path(d.path).name, d.span.start.line)
             for d in lint_source(tools.read_bytes(), tools, Settings(select=("MCP204",), preview=True))]
    assert found == expected


def test_a_required_rows_validator_in_another_module_guards_the_required_keys(tmp_path: Path) -> None:
    """``missing_required(name, args)`` in the declarations module loops over the requested
    prompt's (argument, required, description) rows: the handler module's subscripts of the
    required keys are guarded and their defaults dead; the optional key is not guarded."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    (tmp_path / "declared.py").write_text(
        "import mcp.types as types\n\n"
        "ARGUMENTS = {'translate': (('text', True, 'Text'), ('target', True, 'Language'), ('tone', False, 'Tone'))}\n"
        "PROMPTS = [types.Prompt(name=n, arguments=[types.PromptArgument(name=a, required=r, description=d)\n"
        "           for a, r, d in spec]) for n, spec in ARGUMENTS.items()]\n\n\n"
        "def missing_required(name, args):\n"
        "    return [a for a, required, _ in ARGUMENTS[name] if required and not args.get(a)]\n")
    (tmp_path / "handlers.py").write_text(
        "def translate(args):\n"
        "    target = args.get('target', '')\n"
        "    return f\"{args['text']} -> {target} ({args['tone']})\"\n\n\n"
        "HANDLERS = {'translate': translate}\n")
    server = tmp_path / "server.py"
    server.write_text(
        "import mcp.types as types\nfrom mcp import MCPError\nfrom mcp.server import Server\n\n"
        "from declared import PROMPTS, missing_required\nfrom handlers import HANDLERS\n\n\n"
        "async def list_prompts(ctx, params):\n    return types.ListPromptsResult(prompts=PROMPTS)\n\n\n"
        "async def get_prompt(ctx, params):\n"
        "    if params.name not in HANDLERS:\n"
        "        raise MCPError(code=types.INVALID_PARAMS, message='unknown prompt')\n"
        "    args = params.arguments or {}\n"
        "    missing = missing_required(params.name, args)\n"
        "    if missing:\n"
        "        raise MCPError(code=types.INVALID_PARAMS, message=f'missing: {missing}')\n"
        "    text = HANDLERS[params.name](args)\n"
        "    return types.GetPromptResult(messages=[types.PromptMessage(role='user', "
        "content=types.TextContent(type='text', text=text))])\n\n\n"
        "server = Server('s', on_list_prompts=list_prompts, on_get_prompt=get_prompt)\n")
    found = [(Path(d.path).name, d.span.start.line, d.code) for d in lint_source(server.read_bytes(), server, Settings())]
    assert found == [("handlers.py", 3, "MCP202")]  # 'tone' is optional: only it is unguarded


API_MODULE = '''
import httpx


class Api:
    def __init__(self, base):
        self.base = base

    def get(self, path):
        try:
            response = httpx.get(self.base + path)
            response.raise_for_status()
        except httpx.HTTPError as e:
            return {returned}
        return response.json()


client = Api("https://items.example")
'''

LOWLEVEL_HANDLERS = '''
from ..services.api import client


def _load(item_id):
    return client.get(f"/items/{item_id}")


async def get_item(arguments):
    return _load(arguments["item_id"])


HANDLERS = {"get_item": get_item}
'''

LOWLEVEL_SERVER = '''
import json

import mcp.types as types
from mcp.server.lowlevel import Server

from .handlers.items import HANDLERS

server = Server("items")


@server.list_tools()
async def list_tools():
    schema = {"type": "object", "properties": {"item_id": {"type": "string"}}, "required": ["item_id"]}
    return [types.Tool(name="get_item", description="Get an item", inputSchema=schema)]


@server.call_tool()
async def call_tool(name, arguments):
    handler = HANDLERS.get(name)
    if handler is None:
        raise ValueError(f"Unknown tool: {name}")
    result = await handler(arguments)
    return [types.TextContent(type="text", text=json.dumps(result, indent=2))]
'''

FASTMCP_SERVER = '''
import json

from fastmcp import FastMCP

from .handlers.items import _load

mcp = FastMCP("items")


@mcp.tool()
def get_item(item_id: str) -> str:
    result = _load(item_id)
    return json.dumps(result)
'''


@pytest.mark.parametrize("server_text, pin", [(LOWLEVEL_SERVER, "mcp==1.26.0"), (FASTMCP_SERVER, "fastmcp==2.14.7")])
@pytest.mark.parametrize("returned, expected", [('{"error": f"request failed: {e}"}', [("api.py", 14)]),
                                                ('self.get(path)', [])])
def test_a_method_of_an_instance_imported_from_a_services_module_is_followed(tmp_path: Path, server_text, pin,
                                                                           returned, expected) -> None:
    """``from ..services.api import client`` (``client = Api(...)`` there), reached from a
    dispatch table's entry through a helper, its value serialised by the tool: the method's
    failure return is the tool's result, reported where it is written. A method whose ``except``
    does other work (retries) is not a failure return."""
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\ndependencies = ["{pin}"]\n')
    app = tmp_path / "app"
    for package in (app, app / "services", app / "handlers"):
        package.mkdir(parents=True, exist_ok=True)
        (package / "__init__.py").write_text("")
    (app / "services" / "api.py").write_text(API_MODULE.format(returned=returned))
    (app / "handlers" / "items.py").write_text(LOWLEVEL_HANDLERS)
    server = app / "server.py"
    server.write_text(server_text)
    found = [(Path(d.path).name, d.span.start.line)
             for d in lint_source(server.read_bytes(), server, Settings(select=("MCP204",), preview=True))]
    assert found == expected


TOOL_HANDLER_MODULE = '''
import json

from mcp.types import TextContent

from utils.log import get_logger


class ToolHandler:
    def __init__(self, backend):
        self.backend = backend
        self.logger = get_logger("tools")

    async def handle_tool_call(self, name, arguments):
        try:
            result = await self.backend.call_tool(name, arguments)
            return [TextContent(type="text", text=result)]
        except Exception as e:
            self.logger.error(f"tool call failed: {{e}}")
            return self.{builder}(f"Tool call failed: {{e}}", name)

    def _create_error_response(self, error_message, tool_name=None):
        error_result = {{"success": False, "error": error_message}}
        if tool_name:
            error_result["tool_name"] = tool_name
        return [TextContent(type="text", text=json.dumps(error_result, indent=2))]

    def _create_response(self, message, tool_name=None):
        return [TextContent(type="text", text=json.dumps({{"success": True, "data": message}}))]
'''

MCP1_CLASS_SERVER = '''
from mcp.server import Server
from mcp.types import Tool

from server.handlers.tool_handler import ToolHandler


class App:
    def __init__(self, backend):
        self.server = Server("tools")
        self.tool_handler = ToolHandler(backend)
        self._setup_protocol_handlers()

    def _setup_protocol_handlers(self):
        @self.server.list_tools()
        async def handle_list_tools():
            return [Tool(name="query", description="Run a query", inputSchema={"type": "object"})]

        @self.server.call_tool()
        async def handle_call_tool(name, arguments):
            return await self.tool_handler.handle_tool_call(name, arguments)
'''

MCP2_CLASS_SERVER = '''
from mcp.server import Server

from server.handlers.tool_handler import ToolHandler


class App:
    def __init__(self, backend):
        self.tool_handler = ToolHandler(backend)
        self.server = self._build()

    def _build(self):
        async def handle_call_tool(ctx, params):
            return await self.tool_handler.handle_tool_call(params.name, params.arguments or {})

        return Server("tools", on_call_tool=handle_call_tool)
'''


@pytest.mark.parametrize("server_text, pin", [(MCP1_CLASS_SERVER, "mcp==1.26.0"), (MCP2_CLASS_SERVER, "mcp==2.0.0")])
@pytest.mark.parametrize("builder, expected", [("_create_error_response", [("tool_handler.py", 20),
                                                                           ("tool_handler.py", 26)]),
                                               ("_create_response", [])])
def test_an_error_builder_method_of_a_handler_object_in_a_package_named_server(tmp_path: Path, server_text, pin,
                                                                              builder, expected) -> None:
    """A server on a class whose nested handler calls ``self.tool_handler.handle_tool_call(...)``,
    ``ToolHandler`` imported by absolute path from a project package literally named ``server``:
    the ``except`` clause returning ``self._create_error_response(...)`` (a method that builds a
    ``{"success": False}`` dict and adds entries to it) is reported at that ``return`` and at the
    builder's own; a method that builds a success answer is not."""
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\ndependencies = ["{pin}"]\n')
    for package in ("server", "server/core", "server/handlers", "utils"):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "utils" / "log.py").write_text("import logging\n\n\ndef get_logger(name):\n    return logging.getLogger(name)\n")
    (tmp_path / "server" / "handlers" / "tool_handler.py").write_text(TOOL_HANDLER_MODULE.format(builder=builder))
    app = tmp_path / "server" / "core" / "app.py"
    app.write_text(server_text)
    found = [(Path(d.path).name, d.span.start.line)
             for d in lint_source(app.read_bytes(), app, Settings(select=("MCP204",), preview=True))]
    assert found == expected


BUILT_MAP_SERVERS = {
    "mcp1": (
        "import json\nfrom mcp.server import Server\nimport mcp.types as types\n\n"
        "from app.tool_factory import build_handler_map\n\n\n"
        "def build_server() -> Server:\n    server = Server('craft')\n    handlers = build_handler_map()\n\n"
        "    @server.call_tool()\n    async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:\n"
        "        handler = handlers.get(name)\n        if handler is None:\n"
        "            raise ValueError(f'unknown tool: {name}')\n"
        "        payload = handler(arguments or {})\n"
        "        return [types.TextContent(type='text', text=json.dumps(payload))]\n\n    return server\n"),
    "mcp2": (
        "import json\nfrom mcp.server import Server, ServerRequestContext\nimport mcp.types as types\n\n"
        "from app.tool_factory import build_handler_map\n\nHANDLERS = build_handler_map()\n\n\n"
        "async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:\n"
        "    handler = HANDLERS.get(params.name)\n    if handler is None:\n"
        "        return types.CallToolResult(is_error=True, content=[types.TextContent(type='text', text='unknown')])\n"
        "    payload = handler(params.arguments or {})\n"
        "    return types.CallToolResult(content=[types.TextContent(type='text', text=json.dumps(payload))])\n\n\n"
        "server = Server('craft', on_call_tool=call_tool)\n"),
}


@pytest.mark.parametrize("stack", ["mcp1", "mcp2"])
@pytest.mark.parametrize("failure, expected", [
    ('return {"error": f"analysis {name} not found"}', [("analyses.py", 4, "MCP204")]),
    ('raise LookupError(f"analysis {name} not found")', [])])
def test_a_handler_map_built_by_factories_across_a_handlers_package_is_followed(tmp_path: Path, stack, failure,
                                                                                expected) -> None:
    """``handlers = build_handler_map()`` (``tool_factory.py``) merging ``tools/analyses.py``'s
    ``handlers()``, which fills a map in a loop under names built at run time with partials of
    ``handle_analysis``, re-exported by the ``handlers`` package from ``handlers/analyses.py``:
    what that function returns is what the dispatcher serialises as the tool's result."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n')
    app = tmp_path / "app"
    for folder in (app / "tools", app / "handlers"):
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text("")
    (app / "__init__.py").write_text("")
    (app / "handlers" / "__init__.py").write_text("from app.handlers.analyses import handle_analysis\n")
    (app / "handlers" / "analyses.py").write_text(
        "def handle_analysis(system: str, name: str, payload: dict) -> dict:\n"
        "    found = REGISTRY.get((system, name))\n    if found is None:\n"
        f"        {failure}\n    return {{'value': found(**payload)}}\n\n\nREGISTRY: dict = {{}}\n")
    (app / "tools" / "analyses.py").write_text(
        "from functools import partial\n\nfrom app.handlers import handle_analysis\nfrom app.registry import registry\n\n\n"
        "def handlers() -> dict:\n    h: dict = {}\n    for adef in registry.analyses():\n"
        "        h[f'analyze_{adef.name}'] = partial(handle_analysis, adef.system, adef.name)\n    return h\n")
    (app / "tool_factory.py").write_text(
        "from app.tools import analyses\n\n\ndef build_handler_map() -> dict:\n    handlers = {}\n"
        "    handlers.update(analyses.handlers())\n    return handlers\n")
    server = app / "server.py"
    server.write_text(BUILT_MAP_SERVERS[stack])
    found = [(Path(d.path).name, d.span.start.line, d.code)
             for d in lint_source(server.read_bytes(), server, Settings(select=("MCP204",), preview=True))]
    assert found == expected


@pytest.mark.parametrize("failure, expected", [
    ('return {"error": str(exc)}', [("operations.py", 8, "MCP204")]),
    ("raise RuntimeError(str(exc)) from exc", [])])
def test_functions_of_a_module_picked_by_the_requested_name_are_the_handlers(tmp_path: Path, failure,
                                                                             expected) -> None:
    """``getattr(operations, name, None)`` on a project module, with a tool list the model cannot
    evaluate: each public function of the module may be the one called, so its failure returns
    are what the dispatcher serialises; a private helper is no tool."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n')
    (tmp_path / "operations.py").write_text(
        "import db\n\n\ndef search(arguments):\n    try:\n        return db.search(arguments.get('q', ''))\n"
        f"    except db.Error as exc:\n        {failure}\n\n\n"
        "def _connect():\n    try:\n        return db.connect()\n    except db.Error as exc:\n"
        "        return {'error': str(exc)}\n")
    server = tmp_path / "server.py"
    server.write_text(
        "import json\nimport mcp.types as types\nfrom mcp.server.lowlevel import Server\n\nimport operations\n"
        "import specs\n\nserver = Server('ops')\n\n\n@server.list_tools()\nasync def list_tools():\n"
        "    return specs.load()\n\n\n@server.call_tool()\nasync def call_tool(name, arguments):\n"
        "    fn = getattr(operations, name, None)\n    if fn is None:\n        raise ValueError(name)\n"
        "    return [types.TextContent(type='text', text=json.dumps(fn(arguments or {})))]\n")
    found = [(Path(d.path).name, d.span.start.line, d.code)
             for d in lint_source(server.read_bytes(), server, Settings(select=("MCP204",), preview=True))]
    assert found == expected


@pytest.mark.parametrize("registration, expected", [
    # the rows' functions imported inside the registering function: each is a tool
    ("    from app.tools.search import get_entry\n\n    tools = [(get_entry, \"get_entry\")]\n",
     [("search.py", 7, "MCP204")]),
    # a list bound twice: what the loop registers is not known, so nothing is said
    ("    from app.tools.search import get_entry\n\n    tools = [(get_entry, \"get_entry\")]\n"
     "    tools = list(EXTRA)\n", []),
])
def test_a_registration_loop_over_local_rows_of_imported_functions(tmp_path: Path, registration, expected) -> None:
    tools = tmp_path / "app" / "tools"
    tools.mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tools / "__init__.py").write_text(
        "EXTRA = []\n\n\ndef register_tools(mcp):\n" + registration
        + "    for tool_func, tool_name in tools:\n        try:\n            mcp.tool()(tool_func)\n"
        + "        except Exception as exc:\n            print(tool_name, exc)\n")
    (tools / "search.py").write_text(
        "import db\n\n\ndef get_entry(entry_id: str) -> dict:\n    entry = db.find(entry_id)\n"
        "    if entry is None:\n        return {\"error\": f\"Entry {entry_id} not found\"}\n    return entry\n")
    (tmp_path / "app" / "main.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n\nfrom app.tools import register_tools\n\n"
        "mcp = FastMCP(\"kb\")\nregister_tools(mcp)\n")
    (tmp_path / "requirements.txt").write_text("mcp==1.20.0\n")
    result = lint_paths([tmp_path], Settings(select=("MCP204",), preview=True))
    assert _found(result.diagnostics) == expected
