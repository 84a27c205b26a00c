"""One fault, one diagnostic: a defect reached twice (one query run at two sinks, one key read
twice in one comprehension, one template filled by key, one helper two tools share) is reported
once, at its first place, with the other places as related locations."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.runner import lint_paths

SETTINGS = Settings(preview=True)

QUERY_TWICE = '''\
from fastmcp import FastMCP

mcp = FastMCP("ddl")


def run(sql: str) -> str:
    with connect() as conn, conn.cursor() as cursor:
        cursor.execute(sql)
        return str(cursor.fetchall())


@mcp.tool()
def show_table_ddl(schema: str, table: str) -> str:
    query = f"SELECT dump_ddl('{schema}.{table}')"
    result = run(query)
    if "VIEW" in result:
        return run(query)
    return result


@mcp.tool()
def count_rows(table: str) -> str:
    first = run(f"SELECT count(*) FROM {table}")
    return first + run(f"SELECT count(*) FROM {table} WHERE deleted")
'''


def _found(diagnostics, code):
    return [(d.span.start.line, d.message, [(r.span.start.line, r.message) for r in d.related])
            for d in diagnostics if d.code == code]


def test_a_query_built_once_and_run_twice_is_one_finding_with_the_second_run_related(tmp_path: Path) -> None:
    path = tmp_path / "server.py"
    found = _found(lint_source(QUERY_TWICE.encode(), path, SETTINGS), "MCP302")
    assert [(line, related[-1]) for line, _, related in found] == [
        (15, (17, "the same text is passed to cursor.execute() here")),
        # two different texts: two faults
        (23, (23, "the handler hands the argument on here")),
        (24, (24, "the handler hands the argument on here")),
    ]
    assert found[0][1].startswith("Argument 'schema' of tool 'show_table_ddl' is built into SQL text")


UNDECLARED_IN_COMPREHENSION = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("notes")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="note", arguments=[types.PromptArgument(name="title", required=False)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
    lines = [f"{k}: {args[k]}" for k in ("Title",) if args.get(k)]
    later = args.get("Title", "")
    text = "\\n".join(lines) + later
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
'''


def test_a_key_read_twice_in_one_comprehension_is_one_finding(tmp_path: Path) -> None:
    path = tmp_path / "server.py"
    found = _found(lint_source(UNDECLARED_IN_COMPREHENSION.encode(), path, SETTINGS), "MCP102")
    # the filter's .get and the element's subscript: one place; the later statement: another
    assert [(line, [r[0] for r in related][1:]) for line, _, related in found] == [(15, [15]), (16, [])]


TEMPLATE = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("briefs")
BRIEF = "Write about {topic} for {audience}."


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="brief", arguments=[types.PromptArgument(name="topic", required=True),
                                                  types.PromptArgument(name="audience", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    args = arguments or {}
    if name != "brief":
        raise ValueError(name)
    text = BRIEF.format(**args)
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
'''


def test_a_template_filled_by_key_is_one_finding_naming_every_placeholder(tmp_path: Path) -> None:
    path = tmp_path / "server.py"
    found = _found(lint_source(TEMPLATE.encode(), path, SETTINGS), "MCP202")
    assert [(line, message.split(" are filled")[0]) for line, message, _ in found] == [
        (19, "The template's placeholders '{audience}', '{topic}'")]


DEFAULTS_MERGED = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("briefs")
DEFAULTS = {"topic": "python", "tone": "calm"}


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [types.Prompt(name="brief", arguments=[types.PromptArgument(name="topic", required=True),
                                                  types.PromptArgument(name="tone", required=True)])]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "brief":
        raise ValueError(name)
    merged = {**DEFAULTS, **(arguments or {})}
    text = f"{merged['topic']} {merged['tone']}"
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])
'''


def test_two_keys_defaulted_at_one_place_stay_two_findings(tmp_path: Path) -> None:
    path = tmp_path / "server.py"
    found = _found(lint_source(DEFAULTS_MERGED.encode(), path, SETTINGS), "MCP101")
    assert [(line, message.split("'")[1]) for line, message, _ in found] == [(18, "topic"), (18, "tone")]


def test_a_helper_sink_two_servers_reach_is_reported_once(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '0'\n")
    (tmp_path / "client.py").write_text(
        "import requests\n\nBASE = 'https://api.example.com'\n\n\n"
        "def product(code):\n    return requests.get(f'{BASE}/v1/product/{code}', timeout=5).json()\n")
    for name, tool in (("a.py", "get_product"), ("b.py", "lookup_product")):
        (tmp_path / name).write_text(
            f"from fastmcp import FastMCP\n\nfrom client import product\n\nmcp = FastMCP('{name}')\n\n\n"
            f"@mcp.tool()\ndef {tool}(code: str) -> dict:\n    return product(code)\n")
    result = lint_paths([tmp_path], SETTINGS)
    found = [(Path(d.path).name, d.span.start.line) for d in result.diagnostics if d.code == "MCP302"]
    assert found == [("client.py", 7)]
