"""``mcplint contract``: the export of what each server publishes (exact values per stack,
unknowns as null with the reason), and the CLI's output and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from mcplint.config import Settings
from mcplint.contract import build_contract, render_json, render_text


def contract_of(root: Path, files: dict[str, str], **settings) -> list[dict]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    report = build_contract([root], Settings(project_root=root, **settings))
    assert report.problems == [] and report.missing == []
    return report.servers


SDK_FASTMCP = """
    from typing import Annotated, Literal, Optional
    from mcp.server.fastmcp import FastMCP, Context
    from pydantic import Field

    mcp = FastMCP("demo")


    @mcp.prompt(title="Review")
    def review(code: Annotated[str, Field(description="The code")], style: str = "short", ctx: Context = None) -> str:
        \"\"\"Review code.\"\"\"
        return code


    @mcp.tool()
    def add(a: int, b: float = 1.0, mode: Literal["x", "y"] = "x", note: Optional[str] = None,
            tags: list[str] = Field(default=[], description="Labels")) -> str:
        return ""
"""


def test_sdk_fastmcp_prompt_and_tool_as_the_sdk_lists_them(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": SDK_FASTMCP})
    assert (server["file"], server["line"], server["name"], server["stack"]) == ("server.py", 6, "demo", "mcp1-fastmcp")
    assert server["complete"] is True and server["reasons"] == []
    assert server["prompts"] == [{
        "name": "review", "title": "Review", "description": "Review code.", "file": "server.py",
        "arguments": [{"name": "code", "description": "The code", "required": True},
                      {"name": "style", "description": None, "required": False}],
    }]
    assert server["tools"] == [{
        "name": "add", "title": None, "description": "", "file": "server.py",
        "input_schema": {
            "properties": {
                "a": {"title": "A", "type": "integer"},
                "b": {"default": 1.0, "title": "B", "type": "number"},
                "mode": {"default": "x", "enum": ["x", "y"], "title": "Mode", "type": "string"},
                "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Note"},
                "tags": {"default": [], "description": "Labels", "items": {"type": "string"}, "title": "Tags",
                         "type": "array"},
            },
            "required": ["a"], "title": "addArguments", "type": "object",
        },
    }]
    assert server["resources"] == [] and server["resource_templates"] == []


LOWLEVEL = """
    import mcp.types as types
    from mcp.server.lowlevel import Server
    from pydantic import BaseModel, Field

    server = Server("lowlevel-demo")


    class SearchArgs(BaseModel):
        query: str = Field(description="What to find")
        max_results: int = 10


    @server.list_prompts()
    async def list_prompts() -> list[types.Prompt]:
        return [types.Prompt(name="greet", description="Say hello", arguments=[
            types.PromptArgument(name="who", description="Name", required=True),
            types.PromptArgument(name="tone"),
        ])]


    @server.get_prompt()
    async def get_prompt(name, arguments):
        return None


    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [
            types.Tool(name="search", description="Search", inputSchema=SearchArgs.model_json_schema()),
            types.Tool(name="echo", inputSchema={"type": "object", "properties": {"text": {"type": "string"}},
                                                 "required": ["text"]}),
        ]


    @server.call_tool()
    async def call_tool(name, arguments):
        return []
"""


def test_lowlevel_literals_and_a_pydantic_model_schema(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": LOWLEVEL})
    assert (server["name"], server["stack"], server["complete"]) == ("lowlevel-demo", "mcp1-lowlevel", True)
    assert server["prompts"] == [{
        "name": "greet", "title": None, "description": "Say hello", "file": "server.py",
        "arguments": [{"name": "who", "description": "Name", "required": True},
                      {"name": "tone", "description": None, "required": False}],
    }]
    tools = {tool["name"]: tool for tool in server["tools"]}
    assert tools["search"]["input_schema"] == {
        "properties": {"query": {"description": "What to find", "title": "Query", "type": "string"},
                       "max_results": {"default": 10, "title": "Max Results", "type": "integer"}},
        "required": ["query"], "title": "SearchArgs", "type": "object",
    }
    assert tools["echo"]["input_schema"] == {"type": "object", "properties": {"text": {"type": "string"}},
                                             "required": ["text"]}
    assert [tool["name"] for tool in server["tools"]] == ["echo", "search"]


FASTMCP = """
    from fastmcp import FastMCP

    mcp = FastMCP("fm")


    @mcp.tool
    def add(a: int, b: int = 2) -> int:
        \"\"\"
        Add two numbers.
        \"\"\"
        return a + b


    @mcp.prompt
    def explain(topic: str, depth: int = 1) -> str:
        return topic
"""


def test_fastmcp_3_prunes_titles_and_forbids_extra_properties(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": FASTMCP}, fastmcp_version="3")
    assert server["stack"] == "fastmcp3" and server["complete"] is True
    [tool] = server["tools"]
    assert tool["description"] == "Add two numbers."
    assert tool["input_schema"] == {"additionalProperties": False, "properties": {
        "a": {"type": "integer"}, "b": {"default": 2, "type": "integer"}}, "required": ["a"], "type": "object"}
    [prompt] = server["prompts"]
    assert prompt["description"] is None
    assert prompt["arguments"] == [
        {"name": "topic", "description": None, "required": True},
        {"name": "depth", "required": False,
         "description": 'Provide as a JSON string matching the following schema: {"type":"integer"}'},
    ]


def test_fastmcp_2_has_no_additional_properties_key(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": FASTMCP}, fastmcp_version="2")
    assert server["tools"][0]["input_schema"] == {"properties": {
        "a": {"type": "integer"}, "b": {"default": 2, "type": "integer"}}, "required": ["a"], "type": "object"}


def test_unpinned_fastmcp_schema_is_unknown_not_guessed(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": FASTMCP})
    assert server["stack"] == "fastmcp"
    assert server["tools"][0]["input_schema"] is None
    assert server["prompts"][0]["arguments"][1]["description"] is None
    assert server["complete"] is False
    assert any("input schema of tool 'add'" in reason for reason in server["reasons"])


UNKNOWNS = """
    from mcp.server.fastmcp import FastMCP
    from .settings import NAME, describe
    from .models import Custom

    mcp = FastMCP(NAME)


    @mcp.tool(description=describe())
    def run(item: Custom, count: int = 1) -> str:
        return ""


    @mcp.prompt()
    def multi(text: str) -> str:
        \"\"\"First line.

        More text.
        \"\"\"
        return text
"""


def test_unknown_values_are_null_with_reasons(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": UNKNOWNS})
    assert server["name"] is None
    [tool] = server["tools"]
    assert (tool["name"], tool["description"], tool["input_schema"]) == ("run", None, None)
    [prompt] = server["prompts"]
    assert prompt["description"] is None and prompt["arguments"] == [
        {"name": "text", "description": None, "required": True}]
    assert server["complete"] is False
    reasons = " | ".join(server["reasons"])
    assert "server's name is not known" in reasons and "multi-line docstring" in reasons
    assert "the description of tool 'run' is not known statically" in reasons


def test_registrations_across_modules_merge_under_the_constructing_module(tmp_path: Path) -> None:
    servers = contract_of(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/app.py": "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('split')\n",
        "pkg/tools.py": "from pkg.app import mcp\n\n@mcp.tool()\ndef ping(host: str) -> str:\n    return host\n",
        "pkg/prompts.py": "from .app import mcp\n\n@mcp.prompt()\ndef hello(who: str) -> str:\n    return who\n",
    })
    [server] = servers
    assert (server["file"], server["line"], server["name"]) == ("pkg/app.py", 2, "split")
    assert [(p["name"], p["file"]) for p in server["prompts"]] == [("hello", "pkg/prompts.py")]
    assert [(t["name"], t["file"]) for t in server["tools"]] == [("ping", "pkg/tools.py")]


def test_resources_and_templates(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": """
        from mcp.server.fastmcp import FastMCP
        mcp = FastMCP("res")

        @mcp.resource("config://app")
        def config() -> str:
            return ""

        @mcp.resource("users://{user_id}/profile", name="profile")
        def user(user_id: str) -> str:
            return user_id
    """})
    assert server["resources"] == [{"uri": "config://app", "name": "config", "file": "server.py"}]
    assert server["resource_templates"] == [{"uri_template": "users://{user_id}/profile", "name": "profile",
                                             "file": "server.py"}]


def test_json_is_deterministic_and_text_lists_every_item(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(textwrap.dedent(SDK_FASTMCP))
    settings = Settings(project_root=tmp_path)
    first = render_json(build_contract([tmp_path], settings))
    assert first == render_json(build_contract([tmp_path], settings))
    assert json.loads(first)["version"] == 1
    text = render_text(build_contract([tmp_path], settings))
    assert text.splitlines()[:4] == [
        "server demo (mcp1-fastmcp) server.py:6",
        "  prompt   review                           server.py",
        "    code                           required",
        "    style                          optional",
    ]


def _mcplint(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mcplint", *args], cwd=cwd, capture_output=True, text=True)


def test_cli_exit_codes(tmp_path: Path) -> None:
    (tmp_path / "server.py").write_text(textwrap.dedent(SDK_FASTMCP))
    done = _mcplint("contract", "server.py", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["servers"][0]["name"] == "demo"
    assert _mcplint("contract", "--output-format", "text", ".", cwd=tmp_path).stdout.startswith("server demo ")
    missing = _mcplint("contract", "nowhere.py", cwd=tmp_path)
    assert missing.returncode == 2 and "nowhere.py" in missing.stderr
    assert _mcplint("contract", "--output-format", "yaml", cwd=tmp_path).returncode == 2


def test_a_list_handler_without_its_get_handler_is_unknown_not_empty(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": """
        import mcp.types as types
        from mcp.server.lowlevel import Server

        server = Server("lister-only")

        @server.list_prompts()
        async def list_prompts() -> list[types.Prompt]:
            return [types.Prompt(name="greet")]
    """})
    assert server["prompts"] is None and server["tools"] == []
    assert server["complete"] is False
    assert any("list_prompts handler without its prompt handler" in reason for reason in server["reasons"])


MUTATED = """
    import mcp.types as types
    from mcp.server.lowlevel import Server

    server = Server("low")

    NESTED = {"b": {"type": "string"}}
    NESTED["b"]["type"] = "integer"
    TWEAKED = {"b": {"type": "string"}}
    ALIASED = {"b": {"type": "string"}}
    VIEW = ALIASED
    KEPT = {"b": {"type": "string"}}


    def tweak():
        TWEAKED["c"] = {"type": "number"}


    def local(KEPT):
        KEPT["c"] = {"type": "number"}


    def register(schema, extra=None):
        schema["c"] = {"type": "number"}


    def show(schema):
        return str(schema)


    PASSED = {"b": {"type": "string"}}
    SHOWN = {"b": {"type": "string"}}
    tweak()
    VIEW["b"]["type"] = "integer"
    register(PASSED)
    show(SHOWN)


    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return [
            types.Tool(name="nested", description="d", inputSchema={"type": "object", "properties": NESTED}),
            types.Tool(name="tweaked", description="d", inputSchema={"type": "object", "properties": TWEAKED}),
            types.Tool(name="aliased", description="d", inputSchema={"type": "object", "properties": ALIASED}),
            types.Tool(name="kept", description="d", inputSchema={"type": "object", "properties": KEPT}),
            types.Tool(name="passed", description="d", inputSchema={"type": "object", "properties": PASSED}),
            types.Tool(name="shown", description="d", inputSchema={"type": "object", "properties": SHOWN}),
        ]


    @server.call_tool()
    async def call_tool(name: str, arguments: dict) -> list[types.TextContent]:
        return []
"""


def test_a_constant_changed_anywhere_is_unknown_not_its_literal(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": MUTATED})
    assert [(tool["name"], tool["input_schema"]) for tool in server["tools"]] == [
        ("aliased", None),
        ("kept", {"type": "object", "properties": {"b": {"type": "string"}}}),
        ("nested", None),
        ("passed", None),
        ("shown", {"type": "object", "properties": {"b": {"type": "string"}}}),
        ("tweaked", None),
    ]
    assert server["complete"] is False
    assert [reason.split(" (")[0] for reason in server["reasons"]] == [
        "the input schema of tool 'aliased' is not known statically",
        "the input schema of tool 'nested' is not known statically",
        "the input schema of tool 'passed' is not known statically",
        "the input schema of tool 'tweaked' is not known statically",
    ]


def test_completion_values_per_reference_and_argument(tmp_path: Path) -> None:
    servers = contract_of(tmp_path, {"v2.py": """
        from mcp.server import Server
        from mcp_types import CompleteResult, Completion

        UNITS = {"unit": ["cm", "in"], "scale": ["1", "2"]}

        async def complete(ctx, params):
            if params.ref.type == "ref/prompt" and params.ref.name != "convert":
                return None
            return CompleteResult(completion=Completion(values=UNITS.get(params.argument.name, [])))

        server = Server("v2", on_completion=complete)
    """, "fm4.py": """
        from fastmcp import FastMCP

        mcp = FastMCP("fm4")

        @mcp.completion
        def complete(ref, argument, context):
            if ref.name == "greet":
                if argument.name == "who":
                    return [w for w in ["ann", "bob"] if w.lower().startswith(argument.value.lower())]
                elif argument.name == "tone":
                    return [load(argument.value)]
            if ref.name == "other" and argument.name == "x":
                return ["a"]
            return None
    """})
    by_file = {server["file"]: server for server in servers}
    fm4, v2 = by_file["fm4.py"], by_file["v2.py"]
    assert v2["completions"] is None  # past 'ref.name != "convert"' the reference may be a template
    assert any("completion handler complete()" in reason for reason in v2["reasons"])
    assert fm4["completions"] == [
        {"argument": "tone", "file": "fm4.py", "name": "greet", "ref": "prompt", "values": None},
        {"argument": "who", "file": "fm4.py", "name": "greet", "ref": "prompt", "values": ["ann", "bob"]},
        {"argument": "x", "file": "fm4.py", "name": "other", "ref": "prompt", "values": ["a"]},
    ]
    assert fm4["complete"] is False


def test_a_server_without_completion_handler_has_no_completions_key(tmp_path: Path) -> None:
    [server] = contract_of(tmp_path, {"server.py": "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n"})
    assert "completions" not in server and server["complete"] is True


def test_list_handlers_registered_by_request_type_are_unknown_not_empty(tmp_path: Path) -> None:
    servers = contract_of(tmp_path, {"v1.py": """
        import mcp.types as types
        from mcp.server.lowlevel import Server

        app = Server("by-type")

        async def list_tools(request):
            return types.ServerResult(types.ListToolsResult(tools=TOOLS))

        app.request_handlers[types.ListToolsRequest] = list_tools
    """, "v2.py": """
        from mcp.server import Server

        async def listing(ctx, params):
            return None

        server = Server("by-method")
        server.add_request_handler("prompts/list", None, listing)
        server.add_request_handler("resources/list", None, listing)
    """, "v2_paired.py": """
        import mcp_types as types
        from mcp.server import Server

        async def list_tools(ctx, params):
            return types.ListToolsResult(tools=[types.Tool(name="echo", input_schema={"type": "object"})])

        async def call_tool(ctx, params):
            return None

        server = Server("paired")
        server.add_request_handler("tools/list", None, list_tools)
        server.add_request_handler("tools/call", None, call_tool)
    """})
    by_file = {server["file"]: server for server in servers}
    v1, v2, paired = by_file["v1.py"], by_file["v2.py"], by_file["v2_paired.py"]
    assert (v1["tools"], v1["prompts"], v1["complete"]) == (None, [], False)
    assert (v2["prompts"], v2["resources"], v2["resource_templates"], v2["tools"]) == (None, None, None, [])
    assert "the resources a resources/list request handler returns are not modelled (v2.py:7)" in v2["reasons"]
    assert [tool["name"] for tool in paired["tools"]] == ["echo"] and paired["complete"] is True


def test_what_the_model_cannot_see_makes_the_section_unknown_not_partial(tmp_path: Path) -> None:
    servers = contract_of(tmp_path, {"handed.py": """
        from mcp.server.fastmcp import FastMCP
        from prompts_module import register_prompts

        mcp = FastMCP("handed")
        register_prompts(mcp)
    """, "local.py": """
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("local")

        def register(server):
            @server.tool()
            def ping() -> str:
                return "pong"

        register(mcp)
    """, "branches.py": """
        import os
        import mcp.types as types
        from mcp.server.lowlevel import Server

        server = Server("branches")

        @server.list_tools()
        async def list_tools() -> list[types.Tool]:
            if os.environ.get("FULL"):
                return [types.Tool(name="a", inputSchema={}), types.Tool(name="b", inputSchema={})]
            return [types.Tool(name="a", inputSchema={})]

        @server.call_tool()
        async def call_tool(name: str, arguments: dict) -> list:
            return []
    """, "named.py": """
        from fastmcp import FastMCP

        mcp = FastMCP("named")

        @mcp.tool(name=prefix + "query")
        def query(q: str) -> str:
            return q

        @mcp.resource(resource_uri())
        def data() -> str:
            return ""
    """})
    by_file = {server["file"]: server for server in servers}
    handed, local, branches, named = (by_file[name] for name in ("handed.py", "local.py", "branches.py", "named.py"))
    assert [handed[section] for section in ("prompts", "tools", "resources", "resource_templates")] == [None] * 4
    assert "the server is passed to register_prompts(), which is not defined in this module and may register " \
           "items on it (handed.py:6)" in handed["reasons"]
    assert [tool["name"] for tool in local["tools"]] == ["ping"] and local["prompts"] == []
    assert branches["tools"] is None and branches["complete"] is False
    assert (named["tools"], named["resources"], named["resource_templates"]) == (None, None, None)


def test_a_server_handed_to_the_sdk_to_be_served_keeps_its_contract(tmp_path: Path) -> None:
    # StreamableHTTPSessionManager, the in-memory sessions and fastmcp's Client serve or call
    # the server they get; they register nothing on it. A project function of the same name
    # (not imported from the SDK) still may.
    servers = contract_of(tmp_path, {"http.py": """
        import mcp.types as types
        from mcp.server.lowlevel import Server
        from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

        server = Server("http")

        @server.list_tools()
        async def list_tools() -> list[types.Tool]:
            return [types.Tool(name="echo", inputSchema={"type": "object"})]

        @server.call_tool()
        async def call_tool(name: str, arguments: dict) -> list:
            return []

        def app():
            return StreamableHTTPSessionManager(app=server, json_response=True)
    """, "demo.py": """
        import fastmcp
        from fastmcp import FastMCP
        from mcp.shared.memory import create_connected_server_and_client_session as connect

        mcp = FastMCP("demo")

        @mcp.tool()
        def ping() -> str:
            return "pong"

        async def main():
            async with fastmcp.Client(mcp) as client:
                await client.call_tool("ping", {})
            async with connect(mcp) as session:
                await session.list_tools()
    """, "own.py": """
        from fastmcp import FastMCP
        from helpers import StreamableHTTPSessionManager

        mcp = FastMCP("own")
        StreamableHTTPSessionManager(app=mcp)
    """})
    by_file = {server["file"]: server for server in servers}
    http, demo, own = by_file["http.py"], by_file["demo.py"], by_file["own.py"]
    assert ([tool["name"] for tool in http["tools"]], http["complete"]) == (["echo"], True)
    assert [tool["name"] for tool in demo["tools"]] == ["ping"]  # incomplete only as fastmcp is not pinned
    assert [reason for reason in demo["reasons"] if "passed to" in reason] == []
    assert own["tools"] is None and own["complete"] is False
    assert "the server is passed to StreamableHTTPSessionManager(), which is not defined in this module and may " \
           "register items on it (own.py:6)" in own["reasons"]


def test_tool_from_function_name_and_conditional_registration(tmp_path: Path) -> None:
    servers = contract_of(tmp_path, {"plain.py": """
        from fastmcp import FastMCP
        from fastmcp.tools import Tool

        mcp = FastMCP("plain", version="1")

        async def run_query_async(query: str) -> str:
            return query

        mcp.add_tool(Tool.from_function(run_query_async, name="run_query", description="Run"))
    """, "guarded.py": """
        import os
        from fastmcp import FastMCP
        from fastmcp.tools import Tool

        mcp = FastMCP("guarded")

        def lookup(q: str) -> str:
            return q

        if os.getenv("ENABLED", "true") == "true":
            mcp.add_tool(Tool.from_function(lookup, description="Look up"))
    """}, fastmcp_version="3")
    by_file = {server["file"]: server for server in servers}
    assert [tool["name"] for tool in by_file["plain.py"]["tools"]] == ["run_query"]
    assert by_file["guarded.py"]["tools"] is None
    assert any("'lookup' is registered under a condition" in reason for reason in by_file["guarded.py"]["reasons"])


ENUM_AND_MODEL = """
    from enum import Enum, auto
    from typing import Optional
    from {module} import {server_class} as Server
    from pydantic import BaseModel, Field

    mcp = Server("demo")


    class Color(str, Enum):
        \"\"\"A paint colour.\"\"\"

        RED = "red"
        BLUE = "blue"


    class Level(Enum):
        LOW = 1
        HIGH = 2


    class Counted(Enum):
        ONE = auto()


    class Query(BaseModel):
        text: str
        tags: list[str] = Field(default_factory=list, description="Tags")


    @mcp.tool{call}
    def paint(color: Color, level: Level = Level.LOW, shade: Optional[Color] = None) -> str:
        return ""


    @mcp.tool{call}
    def search(query: Query) -> str:
        return ""


    @mcp.tool{call}
    def count(counted: Counted) -> str:
        return ""


    @mcp.tool{call}
    def many(colors: list[Color]) -> str:
        return ""
"""


def test_fastmcp_renders_enum_and_model_parameters_inline(tmp_path: Path) -> None:
    source = ENUM_AND_MODEL.format(module="fastmcp", server_class="FastMCP", call="")
    [server] = contract_of(tmp_path, {"server.py": source}, fastmcp_version="3")
    tools = {tool["name"]: tool["input_schema"] for tool in server["tools"]}
    color = {"description": "A paint colour.", "enum": ["red", "blue"], "type": "string"}
    assert tools["paint"] == {"additionalProperties": False, "properties": {
        "color": color, "level": {"default": 1, "enum": [1, 2], "type": "integer"},
        "shade": {"anyOf": [color, {"type": "null"}], "default": None}}, "required": ["color"], "type": "object"}
    assert tools["search"] == {"additionalProperties": False, "properties": {"query": {
        "properties": {"text": {"type": "string"}, "tags": {"description": "Tags", "items": {"type": "string"},
                                                             "type": "array"}},
        "required": ["text"], "type": "object"}}, "required": ["query"], "type": "object"}
    # auto() values and enums inside a list are not rendered: unknown, with the reason
    assert (tools["count"], tools["many"]) == (None, None)
    assert server["complete"] is False
    assert "the input schema of tool 'count' is not known statically: its parameters' types are outside what " \
           "mcplint renders (server.py:41)" in server["reasons"]


def test_sdk_fastmcp_renders_enum_and_model_parameters_as_defs(tmp_path: Path) -> None:
    source = ENUM_AND_MODEL.format(module="mcp.server.fastmcp", server_class="FastMCP", call="()")
    [server] = contract_of(tmp_path, {"server.py": source}, mcp_version="1.30")
    tools = {tool["name"]: tool["input_schema"] for tool in server["tools"]}
    assert tools["paint"] == {
        "$defs": {"Color": {"description": "A paint colour.", "enum": ["red", "blue"], "title": "Color",
                            "type": "string"},
                  "Level": {"enum": [1, 2], "title": "Level", "type": "integer"}},
        "properties": {"color": {"$ref": "#/$defs/Color"}, "level": {"$ref": "#/$defs/Level", "default": 1},
                       "shade": {"anyOf": [{"$ref": "#/$defs/Color"}, {"type": "null"}], "default": None}},
        "required": ["color"], "title": "paintArguments", "type": "object"}
    assert tools["search"] == {
        "$defs": {"Query": {"properties": {"text": {"title": "Text", "type": "string"},
                                           "tags": {"description": "Tags", "items": {"type": "string"},
                                                    "title": "Tags", "type": "array"}},
                            "required": ["text"], "title": "Query", "type": "object"}},
        "properties": {"query": {"$ref": "#/$defs/Query"}}, "required": ["query"], "title": "searchArguments",
        "type": "object"}
    assert (tools["count"], tools["many"]) == (None, None)


def test_fastmcp_describes_enum_and_model_prompt_arguments_with_their_schema(tmp_path: Path) -> None:
    source = textwrap.dedent(ENUM_AND_MODEL.format(module="fastmcp", server_class="FastMCP", call="")) + textwrap.dedent("""
        @mcp.prompt
        def repaint(color: Color, query: Query, shade: Optional[Color] = None) -> str:
            return ""
    """)
    [server] = contract_of(tmp_path, {"server.py": source}, fastmcp_version="3")
    [prompt] = server["prompts"]
    note = "Provide as a JSON string matching the following schema: "
    color = '{"description":"A paint colour.","enum":["red","blue"],"title":"Color","type":"string"}'
    assert prompt["arguments"] == [
        {"name": "color", "required": True, "description": note + color},
        # pydantic's order: keys sorted, except the properties (as declared)
        {"name": "query", "required": True, "description": note + (
            '{"properties":{"text":{"title":"Text","type":"string"},"tags":{"description":"Tags",'
            '"items":{"type":"string"},"title":"Tags","type":"array"}},"required":["text"],"title":"Query",'
            '"type":"object"}')},
        {"name": "shade", "required": False, "description": note + (
            '{"$defs":{"Color":' + color + '},"anyOf":[{"$ref":"#/$defs/Color"},{"type":"null"}]}')},
    ]


def test_a_file_that_no_longer_parses_keeps_its_servers_in_the_lockfile(tmp_path: Path) -> None:
    server = tmp_path / "server.py"
    server.write_text(textwrap.dedent(SDK_FASTMCP))
    assert _mcplint("contract", "--write", ".", cwd=tmp_path).returncode == 0
    written = (tmp_path / "mcp-contract.json").read_text()
    server.write_text(server.read_text().replace("def add(", "def add(("))
    broken = _mcplint("contract", "--write", ".", cwd=tmp_path)
    assert broken.returncode == 2 and "server.py:" in broken.stderr and "SyntaxError" in broken.stderr
    assert (tmp_path / "mcp-contract.json").read_text() == written  # not emptied: the file was not read
    diff = _mcplint("contract", "--diff", ".", cwd=tmp_path)
    assert (diff.returncode, json.loads(diff.stdout)) == (2, {"changes": []})  # nothing reported removed


def test_items_of_a_module_that_no_longer_parses_are_not_reported_removed(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text('from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("x")\nimport prompts\n')
    prompts = tmp_path / "prompts.py"
    prompts.write_text("from app import mcp\n\n\n@mcp.prompt()\ndef p(a: str) -> str:\n    return a\n")
    assert _mcplint("contract", "--write", ".", cwd=tmp_path).returncode == 0
    prompts.write_text(prompts.read_text().replace("-> str:", "-> str"))
    check = _mcplint("check", "--no-cache", "--output-format", "concise", ".", cwd=tmp_path)
    assert (check.returncode, check.stdout) == (1, "prompts.py:5:21: MCP000 SyntaxError: expected ':'\n")
    diff = _mcplint("contract", "--diff", "app.py", cwd=tmp_path)
    assert (diff.returncode, json.loads(diff.stdout)) == (2, {"changes": []})
    assert diff.stderr == f"mcplint: error: {tmp_path / 'prompts.py'}:5:21: SyntaxError: expected ':'\n"


def test_an_aliased_or_quoted_context_parameter_is_no_prompt_argument(tmp_path: Path) -> None:
    """``Context as Ctx`` and ``"Context"`` are the injected Context, as the SDK resolves them
    (mcp 1.x ``fastmcp/utilities/context_injection.py``): the prompt lists only ``topic``."""
    [server] = contract_of(tmp_path, {"server.py": """
        from mcp.server.fastmcp import Context as Ctx
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("demo")


        @mcp.prompt()
        def summarize(topic: str, ctx: Ctx) -> str:
            return topic


        @mcp.prompt()
        def outline(topic: str, ctx: "Ctx") -> str:
            return topic
    """}, mcp_version="1.30.0")
    assert [[a["name"] for a in p["arguments"]] for p in server["prompts"]] == [["topic"], ["topic"]]
