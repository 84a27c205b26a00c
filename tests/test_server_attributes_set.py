"""A server (or any object) bound once at module level stays that object after the module sets
its attributes (``mcp.settings.port = 8000``, ``server.version = "2"``): the modules that import it
find their server. The attributes set are unknown from then on, so a declaration object changed
after it was made is not read from its constructor."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.runner import lint_paths

_TOOLS = '''from app import mcp

RECORDS = {"a": 1}


@mcp.tool()
def show(record_id: str) -> dict:
    record = RECORDS.get(record_id)
    if record is None:
        return {"error": f"no record {record_id}"}
    return {"record": record}
'''

_TOOLS_GOOD = _TOOLS.replace('return {"error": f"no record {record_id}"}', 'raise LookupError(f"no record {record_id}")')

_LOWLEVEL_PROMPTS = '''from app import server
import mcp.types as types
from mcp.shared.exceptions import McpError


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="brief", arguments=[
        types.PromptArgument(name="topic", description="What about", required=REQUIRED)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "brief":
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=name))
    topic = (arguments or {}).get("topic", "anything")
    return types.GetPromptResult(messages=[types.PromptMessage(
        role="user", content=types.TextContent(type="text", text=f"Brief on {topic}"))])
'''


def _lint(root: Path, files: dict[str, str]) -> list[tuple[str, int, str]]:
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    result = lint_paths([root], Settings(preview=True))
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics)


def test_mcp1_fastmcp_settings_set_at_module_level(tmp_path: Path) -> None:
    app = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\nmcp.settings.port = 8123\n'
    assert _lint(tmp_path, {"app.py": app, "tools.py": _TOOLS}) == [("tools.py", 10, "MCP204")]


def test_mcp1_fastmcp_settings_set_good_twin(tmp_path: Path) -> None:
    app = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\nmcp.settings.port = 8123\n'
    assert _lint(tmp_path, {"app.py": app, "tools.py": _TOOLS_GOOD}) == []


def test_fastmcp_attribute_set_under_main_guard(tmp_path: Path) -> None:
    app = ('from fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\nif __name__ == "__main__":\n'
           '    mcp.settings.host = "0.0.0.0"\n    mcp.run()\n')
    assert _lint(tmp_path, {"app.py": app, "tools.py": _TOOLS}) == [("tools.py", 10, "MCP204")]


def test_mcp2_mcpserver_attribute_set_by_a_function_run_at_import(tmp_path: Path) -> None:
    app = ('from mcp.server.mcpserver import MCPServer\n\nmcp = MCPServer("x")\n\n\ndef configure():\n'
           '    mcp.instructions = "Look records up"\n\n\nconfigure()\n')
    assert _lint(tmp_path, {"app.py": app, "tools.py": _TOOLS}) == [("tools.py", 10, "MCP204")]
    assert _lint(tmp_path, {"app.py": app, "tools.py": _TOOLS_GOOD}) == []


def test_mcp1_lowlevel_version_set_then_prompts_in_another_module(tmp_path: Path) -> None:
    app = 'from mcp.server.lowlevel import Server\n\nserver = Server("x")\nserver.version = "2.0"\n'
    prompts = "REQUIRED = True\n" + _LOWLEVEL_PROMPTS
    assert _lint(tmp_path, {"app.py": app, "prompts.py": prompts}) == [("prompts.py", 17, "MCP101")]


def test_mcp1_lowlevel_version_set_good_twin(tmp_path: Path) -> None:
    app = 'from mcp.server.lowlevel import Server\n\nserver = Server("x")\nserver.version = "2.0"\n'
    prompts = "REQUIRED = False\n" + _LOWLEVEL_PROMPTS
    assert _lint(tmp_path, {"app.py": app, "prompts.py": prompts}) == []


def test_a_rebound_server_name_is_still_unknown(tmp_path: Path) -> None:
    # Bound twice: which object the importer gets is not known, so nothing is linked.
    app = ('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\nmcp.settings.port = 1\n'
           'mcp = FastMCP("y")\n')
    assert _lint(tmp_path, {"app.py": app, "tools.py": _TOOLS}) == []


def test_declaration_changed_after_it_was_made_is_not_read_from_its_call(tmp_path: Path) -> None:
    # The arguments the list publishes are set after the Prompt was made: the constructor's
    # `topic` is not what clients see, so reading `subject` is no undeclared read.
    server = '''import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("x")
BRIEF = types.Prompt(name="brief", arguments=[types.PromptArgument(name="topic", required=True)])
BRIEF.arguments = [types.PromptArgument(name="subject", required=False)]


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [BRIEF]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "brief":
        raise ValueError(name)
    subject = (arguments or {}).get("subject", "anything")
    return types.GetPromptResult(messages=[types.PromptMessage(
        role="user", content=types.TextContent(type="text", text=f"Brief on {subject}"))])
'''
    found = _lint(tmp_path, {"server.py": server})
    assert [f for f in found if f[2] in ("MCP101", "MCP102", "MCP103")] == []
