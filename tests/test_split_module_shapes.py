"""Shapes whose parts live in different modules of one project: the template text, the tool
class, the validator and the SQL builder are imported from where the server is made. Each
bad project has a correct twin that must stay silent."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.runner import lint_paths

PYPROJECT = "[project]\nname = 'split'\nversion = '0'\ndependencies = ['{pin}']\n"


def _project(root: Path, pin: str, files: dict[str, str]) -> Path:
    root.mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT.format(pin=pin))
    package = root / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    return root


def _found(root: Path) -> list[tuple[str, int, str]]:
    result = lint_paths([root], Settings(preview=True))
    return sorted((Path(d.path).name, d.span.start.line, d.code) for d in result.diagnostics)


LOCALS_PROMPTS = (
    "from fastmcp import FastMCP\n\nfrom .templates import OUTLINE\n\n\n"
    "def register(mcp: FastMCP) -> None:\n"
    "    @mcp.prompt(name='outline')\n"
    "    def outline(title: str, tone: str = 'neutral') -> str:\n"
    "        return OUTLINE.format_map(locals())\n"
)
LOCALS_SERVER = "from fastmcp import FastMCP\n\nfrom .prompts import register\n\nmcp = FastMCP('o')\nregister(mcp)\n"


def test_a_locals_template_in_another_module_is_judged_at_its_placeholder(tmp_path: Path) -> None:
    bad = _project(tmp_path / "bad", "fastmcp==2.14.7", {
        "templates.py": "OUTLINE = (\n    'Outline {title!r}.\\n'\n    'Write it in a {voice} voice.'\n)\n",
        "prompts.py": LOCALS_PROMPTS, "server.py": LOCALS_SERVER})
    good = _project(tmp_path / "good", "fastmcp==2.14.7", {
        "templates.py": "OUTLINE = (\n    'Outline {title!r}.\\n'\n    'Write it in a {tone} voice.'\n)\n",
        "prompts.py": LOCALS_PROMPTS, "server.py": LOCALS_SERVER})
    assert _found(bad) == [("prompts.py", 8, "MCP103"), ("templates.py", 3, "MCP102")]
    assert _found(good) == []


DOLLAR_SERVER = (
    "from mcp import MCPError, types\nfrom mcp.server import Server, ServerRequestContext\n\n"
    "from .templates import TEMPLATES\n\n"
    "ARGS = [types.PromptArgument(name='ticket_id', required=True)]\n\n\n"
    "async def list_prompts(ctx: ServerRequestContext, params) -> types.ListPromptsResult:\n"
    "    return types.ListPromptsResult(prompts=[types.Prompt(name='triage', arguments=ARGS)])\n\n\n"
    "async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:\n"
    "    if params.name not in TEMPLATES:\n"
    "        raise MCPError(code=types.INVALID_PARAMS, message='unknown prompt')\n"
    "    args = params.arguments or {}\n"
    "    if not args.get('ticket_id'):\n"
    "        raise MCPError(code=types.INVALID_PARAMS, message='ticket_id is required')\n"
    "    text = TEMPLATES[params.name].safe_substitute(ticket_id=args['ticket_id'].strip())\n"
    "    return types.GetPromptResult(messages=[types.PromptMessage(role='user', content=types.TextContent("
    "type='text', text=text))])\n\n\n"
    "server = Server('t', on_list_prompts=list_prompts, on_get_prompt=get_prompt)\n"
)


def test_keyword_filled_template_is_not_judged_as_filled_from_the_mapping(tmp_path: Path) -> None:
    """``safe_substitute(ticket_id=...)`` fills the template from chosen values, not from the
    arguments mapping: the placeholders are then no reads, whatever they are named."""
    project = _project(tmp_path / "p", "mcp==2.3.0", {
        "templates.py": "from string import Template\n\nTEMPLATES = {'triage': Template('Triage $ticket_id.')}\n",
        "server.py": DOLLAR_SERVER})
    assert _found(project) == []


TOOLS_CLASS = (
    "class IssueTools:\n"
    "    def __init__(self, store: dict) -> None:\n"
    "        self.store = store\n\n"
    "    async def search_issues(self, query: str, include_closed: bool = False) -> list[str]:\n"
    "        \"\"\"Search.\"\"\"\n"
    "        states = {STATES}\n"
    "        return [k for k, v in self.store.items() if query in k and v in states]\n"
)
TOOLS_SERVER = (
    "from mcp.server.mcpserver import MCPServer\n\nfrom .tools import IssueTools\n\n\n"
    "def create_server() -> MCPServer:\n"
    "    server = MCPServer('tracker')\n"
    "    tools = IssueTools({})\n"
    "    for method in (tools.search_issues,):\n"
    "        server.add_tool(method)\n"
    "    return server\n"
)


def test_bound_methods_of_an_imported_class_registered_in_a_loop(tmp_path: Path) -> None:
    bad = _project(tmp_path / "bad", "mcp==2.3.0", {
        "tools.py": TOOLS_CLASS.replace("{STATES}", "('open',)"), "server.py": TOOLS_SERVER})
    good = _project(tmp_path / "good", "mcp==2.3.0", {
        "tools.py": TOOLS_CLASS.replace("{STATES}", "('open', 'closed') if include_closed else ('open',)"),
        "server.py": TOOLS_SERVER})
    assert _found(bad) == [("tools.py", 5, "MCP103")]
    assert _found(good) == []


SQL_QUERIES = (
    "SORTABLE = {'date': 'created_at', 'total': 'total_cents'}\n\n\n"
    "def orders_sql(sort: str) -> str:\n"
    "    column = SORTABLE.get(sort.strip().lower())\n"
    "    if column is None:\n"
    "        raise ValueError(f'cannot sort by {sort!r}')\n"
    "    return f'SELECT id FROM orders ORDER BY {USED} LIMIT ?'\n"
)
SQL_DB = (
    "import sqlite3\n\n\n"
    "def fetch(sql: str, params: tuple) -> list:\n"
    "    with sqlite3.connect('orders.db') as conn:\n"
    "        return list(conn.execute(sql, params))\n"
)
SQL_TOOLS = (
    "from fastmcp import FastMCP\n\nfrom .db import fetch\nfrom .queries import orders_sql\n\n"
    "mcp = FastMCP('orders')\n\n\n"
    "@mcp.tool()\n"
    "def recent_orders(sort: str = 'date', limit: int = 20) -> list:\n"
    "    return fetch(orders_sql(sort), (limit,))\n"
)


def test_sql_built_by_an_imported_helper_is_reported_where_it_is_built(tmp_path: Path) -> None:
    bad = _project(tmp_path / "bad", "fastmcp==3.4.11", {
        "queries.py": SQL_QUERIES.replace("{USED}", "{sort}"), "db.py": SQL_DB, "server.py": SQL_TOOLS})
    good = _project(tmp_path / "good", "fastmcp==3.4.11", {
        "queries.py": SQL_QUERIES.replace("{USED}", "{column}"), "db.py": SQL_DB, "server.py": SQL_TOOLS})
    assert _found(bad) == [("queries.py", 8, "MCP302")]
    assert _found(good) == []
