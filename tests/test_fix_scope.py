"""Fixes that would introduce a name a function-local binding captures are dropped
(:mod:`mcplint.fix_scope`): the finding stays, without a fix, on every stack; the same code
with the binding elsewhere keeps its fix."""

from __future__ import annotations

from pathlib import Path

from mcplint.config import Settings
from mcplint.engine import lint_source
from mcplint.diagnostics import Applicability
from mcplint.fix_scope import comments_in, imported_names, introduced_names
from mcplint.fixes import fix_file

MCP1 = '''\
import mcp.types as types
from mcp.server.lowlevel import Server

server = Server("s")


@server.list_prompts()
async def list_prompts():
    return [types.Prompt(name="a", arguments=[types.PromptArgument(name="kinds", required=True)])]


@server.get_prompt()
async def get_prompt(name, arguments):
{body}
'''

UNKNOWN = '    if name != "a":\n        raise ValueError("unknown")\n'
RENDER = '    return types.GetPromptResult(messages=[])\n'


def mcp201_fixes(source: str, **pins) -> list:
    """The fixes of MCP201's findings, in source order (None where a finding has none)."""
    found = lint_source(source, "server.py", Settings(select=("MCP201",), **pins))
    assert [d.code for d in found] == ["MCP201"] * len(found) and found
    return [d.fix for d in found]


def test_a_module_import_shadowed_by_a_later_local_assignment_loses_the_fix():
    # `types` is local in the whole function (assigned below), so `types.ErrorData` at the
    # raise would be UnboundLocalError.
    body = UNKNOWN + '    types = (arguments or {}).get("kinds")\n    return types\n'
    assert mcp201_fixes(MCP1.format(body=body)) == [None]


def test_the_same_handler_with_another_local_name_keeps_the_fix():
    body = UNKNOWN + '    kinds = (arguments or {}).get("kinds")\n' + RENDER
    [fix] = mcp201_fixes(MCP1.format(body=body))
    assert fix is not None
    assert [edit.content for edit in fix.edits] == [
        'McpError(types.ErrorData(code=types.INVALID_PARAMS, message="unknown"))',
        "from mcp.shared.exceptions import McpError\n",
    ]


def test_a_new_import_captured_by_a_loop_target_in_the_function_loses_the_fix():
    body = '    for McpError in (KeyError,):\n        pass\n' + UNKNOWN + RENDER
    assert mcp201_fixes(MCP1.format(body=body)) == [None]


FACTORY = '''\
import mcp.types as types
from mcp.server.lowlevel import Server


def create_server():
    McpError = RuntimeError  # the project's own alias
    server = Server("s")

    @server.list_prompts()
    async def list_prompts():
        return [types.Prompt(name="a", arguments=[])]

    @server.get_prompt()
    async def get_prompt(name, arguments):
        if name != "a":
            raise ValueError("unknown")
        return types.GetPromptResult(messages=[])

    return server, McpError
'''


def test_a_binding_of_an_enclosing_factory_captures_the_handler_raise():
    assert mcp201_fixes(FACTORY) == [None]


def test_the_factory_without_that_binding_keeps_the_fix():
    source = FACTORY.replace("    McpError = RuntimeError  # the project's own alias\n", "").replace(
        "return server, McpError", "return server")
    [fix] = mcp201_fixes(source)
    assert fix.edits[0].content == 'McpError(types.ErrorData(code=types.INVALID_PARAMS, message="unknown"))'


def test_a_binding_only_in_a_nested_function_does_not_capture_the_outer_raise():
    body = '    def helper():\n        types = 1\n        return types\n\n' + UNKNOWN + RENDER
    [fix] = mcp201_fixes(MCP1.format(body=body))
    assert fix is not None and fix.edits[0].content.startswith("McpError(types.ErrorData(")


def test_a_global_declaration_is_no_local_binding():
    body = '    global McpError\n' + UNKNOWN + RENDER
    [fix] = mcp201_fixes(MCP1.format(body=body))
    assert fix is not None and fix.edits[0].content.startswith("McpError(")


MCP2 = '''\
from mcp.server import Server
from mcp.types import GetPromptRequestParams, GetPromptResult, ListPromptsResult, Prompt, PromptArgument


async def list_prompts(ctx, params) -> ListPromptsResult:
    return ListPromptsResult(prompts=[Prompt(name="a", arguments=[PromptArgument(name="x", required=True)])])


async def get_prompt(ctx, params: GetPromptRequestParams, INVALID_PARAMS=-32600) -> GetPromptResult:
    if params.name != "a":
        raise KeyError(params.name)
    return GetPromptResult(messages=[])


server = Server("s", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
'''


def test_mcp2_a_parameter_named_like_the_code_constant_loses_the_fix():
    assert mcp201_fixes(MCP2) == [None]


def test_mcp2_without_that_parameter_keeps_the_fix():
    [fix] = mcp201_fixes(MCP2.replace(", INVALID_PARAMS=-32600", ""))
    assert fix.edits[0].content == "MCPError(code=INVALID_PARAMS, message=str(params.name))"


FASTMCP = '''\
from fastmcp import FastMCP

mcp = FastMCP("s")


def register(app: FastMCP, errors) -> None:
    ValidationError = errors.ValidationError  # the project's own error family

    @app.prompt
    def greet(who: str) -> str:
        if not who.strip():
            raise ValueError("who must not be blank")
        return f"Hello {who}"

    app.errors = ValidationError


register(mcp, None)
'''


def test_fastmcp4_a_registration_function_binding_the_name_loses_the_fix():
    assert mcp201_fixes(FASTMCP, fastmcp_version="4.2.3") == [None]


def test_fastmcp4_the_registration_function_without_it_keeps_the_fix():
    source = FASTMCP.replace("    ValidationError = errors.ValidationError  # the project's own error family\n", "").replace(
        "    app.errors = ValidationError\n", "")
    [fix] = mcp201_fixes(source, fastmcp_version="4.2.3")
    assert [edit.content for edit in fix.edits] == [
        'ValidationError("who must not be blank")', "from fastmcp.exceptions import ValidationError\n"]


def test_fix_leaves_the_captured_raise_as_it_was(tmp_path: Path):
    body = UNKNOWN + '    types = (arguments or {}).get("kinds")\n    return types\n'
    server = tmp_path / "server.py"
    server.write_text(MCP1.format(body=body))
    result = fix_file(server, Settings(select=("MCP201",)), unsafe=True)
    assert not result.changed
    assert server.read_text() == MCP1.format(body=body)


def test_introduced_names_are_bare_names_the_replaced_text_lacks():
    assert introduced_names('McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"x {name}"))',
                            'ValueError(f"x {name}")') == {"McpError", "types"}
    assert introduced_names("if not (n := name):\n    raise McpError(msg)", "assert (n := name), msg") == {"McpError"}
    assert introduced_names("from mcp import MCPError\n", "") == {"mcp", "MCPError"}
    assert introduced_names("f(", "") == set()  # does not tokenize alone: nothing judged


def test_imported_names_are_what_an_import_edit_binds():
    assert imported_names("from mcp.shared.exceptions import McpError\n") == {"McpError"}
    assert imported_names("import mcp.types as types\nimport os.path\n") == {"types", "os"}
    assert imported_names('McpError(types.ErrorData(code=1, message="x"))') == set()
    assert imported_names("    if x:\n") == set()


GUARDED = MCP1.format(body='    if name != "a":\n        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="unknown"))\n'
                           '    args = arguments or {}\n    kinds = args["kinds"]\n    return kinds\n').replace(
    "from mcp.server.lowlevel import Server\n", "from mcp.server.lowlevel import Server\nfrom mcp.shared.exceptions import McpError\n")


def test_a_guard_fix_that_reads_the_handlers_own_local_mapping_keeps_its_fix():
    # MCP202's guard names `args`, a local the handler binds: that is the binding it means.
    found = lint_source(GUARDED, "server.py", Settings(select=("MCP202",), mcp_version="1.9"))
    [fix] = [d.fix for d in found]
    assert fix is not None and fix.edits[0].content.startswith('if "kinds" not in args:\n')


def test_a_guard_fix_whose_import_a_local_captures_loses_it():
    source = GUARDED.replace("    kinds = args[\"kinds\"]\n", "    kinds = args[\"kinds\"]\n    McpError = kinds\n")
    found = lint_source(source, "server.py", Settings(select=("MCP202",), mcp_version="1.9"))
    assert [d.fix for d in found] == [None]


def test_a_safe_fix_that_would_delete_a_comment_becomes_unsafe():
    body = '    if name != "a":\n        raise ValueError(  # callers rely on this text\n            "unknown"\n        )\n' + RENDER
    [fix] = mcp201_fixes(MCP1.format(body=body))
    assert fix.applicability is Applicability.UNSAFE
    assert fix.edits[0].content == 'McpError(types.ErrorData(code=types.INVALID_PARAMS, message="unknown"))'


def test_a_comment_after_the_replaced_expression_keeps_the_fix_safe():
    body = '    if name != "a":\n        raise ValueError("unknown")  # callers rely on this text\n' + RENDER
    [fix] = mcp201_fixes(MCP1.format(body=body))
    assert fix.applicability is Applicability.SAFE


def test_comments_in_code_pieces():
    assert comments_in('ValueError(  # why\n    "x"  # tail\n)') == ["# why", "# tail"]
    assert comments_in('"# not a comment"') == []
    assert comments_in("f(  # open") == []  # does not tokenize alone: nothing judged
