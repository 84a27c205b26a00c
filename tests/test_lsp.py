"""The language server as editors use it: ``mcplint server`` in a subprocess, driven by pytest-lsp.

Every end-to-end test runs twice, once as VS Code and once as Neovim
(``client_capabilities``). The two differ where it matters: the VS Code capabilities
pytest-lsp ships cannot pull diagnostics and count columns in UTF-16, so the server
pushes; Neovim 0.11 pulls and prefers UTF-8. ``diagnostics_of`` hides that difference, and
``units`` computes the expected column in whichever encoding was negotiated.

The documents are a low-level mcp 1.x server whose required prompt argument is read with
``args["language"]``: MCP202 at ``FAULT_LINE``. The tests also run cleanly under
``-W error::pytest_lsp.LspSpecificationWarning``.
"""

from __future__ import annotations

import json

import dataclasses

import asyncio
import sys
import shutil
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pygls.workspace.position_codec import PositionCodec
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from mcplint.config import Settings
from mcplint.diagnostics import Applicability, Diagnostic, Edit, Fix, Position, Span
from mcplint.docs import rule_url
from mcplint.lsp import (
    FIX_ALL_KIND,
    McplintLanguageServer,
    document_lines,
    hover_for,
    lint_document,
    noqa_edit,
    to_lsp_diagnostic,
)
from mcplint.lsp import _Result  # internals, for hand-made fixes
from mcplint.suppression import noqa_lines

lsp_test = pytest.mark.asyncio(loop_scope="module")  # the end-to-end tests share one server per client

SERVER_COMMAND = [sys.executable, "-m", "mcplint", "server"]
TIMEOUT = 10.0

FAULTY = '''\
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import McpError

server = Server("prompts")


@server.list_prompts()
async def list_prompts() -> list[types.Prompt]:
    return [
        types.Prompt(
            name="write-tests",
            arguments=[types.PromptArgument(name="language", required=True)],
        )
    ]


@server.get_prompt()
async def get_prompt(name: str, arguments: dict[str, str] | None) -> types.GetPromptResult:
    if name != "write-tests":
        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message=f"Unknown prompt: {name}"))
    args = arguments or {}
    language = args["language"]
    return types.GetPromptResult(
        messages=[
            types.PromptMessage(
                role="user",
                content=types.TextContent(type="text", text=f"Write tests in {language}"),
            )
        ]
    )
'''
FAULT_LINE = 22  # 0-based: `    language = args["language"]`
FAULT_TEXT = '    language = args["language"]'
DEFAULTED = '    language = args.get("language", "python")'  # MCP101, related to the declaration
GUARDED = (
    '    if "language" not in args:\n'
    '        raise McpError(types.ErrorData(code=types.INVALID_PARAMS, message="missing language"))\n'
    '    language = args["language"]'
)
assert FAULTY.splitlines()[FAULT_LINE] == FAULT_TEXT
GUARD_TITLE = "Check that 'language' is present and raise -32602 Invalid params"  # MCP202's fix


# --------------------------------------------------------------------------- the client


def make_client() -> LanguageClient:
    """pytest-lsp's client, also recording every published diagnostics notification (with
    its version) and every capability the server registers."""
    client = LanguageClient(converter_factory=default_converter)
    client.published = {}
    client.registrations = []

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        """Keep the whole notification, version included."""
        client.diagnostics[params.uri] = params.diagnostics
        client.published[params.uri] = params

    def register(client: LanguageClient, params: types.RegistrationParams) -> None:
        """Accept and record ``client/registerCapability``."""
        client.registrations.extend(params.registrations)

    features = {
        **DEFAULT_CLIENT_FEATURES,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish,
        types.CLIENT_REGISTER_CAPABILITY: register,
    }
    register_lsp_features(client, features)
    return client


@pytest_lsp.fixture(
    scope="module",
    params=["visual-studio-code", "neovim"],
    config=ClientServerConfig(server_command=SERVER_COMMAND, client_factory=make_client),
)
async def client(request, lsp_client: LanguageClient, tmp_path_factory):
    """A server initialised as the editor named by the parameter, with a workspace folder."""
    root = tmp_path_factory.mktemp(f"workspace-{request.param}")
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="workspace")],
        )
    )
    lsp_client.root = root
    lsp_client.encoding = result.capabilities.position_encoding or types.PositionEncodingKind.Utf16
    lsp_client.pull = lsp_client.capabilities.text_document.diagnostic is not None
    yield
    await lsp_client.shutdown_session()


# --------------------------------------------------------------------------- helpers


class Doc:
    """An open document: its uri, text and version, edited the way an editor does."""

    def __init__(self, client: LanguageClient, name: str, text: str) -> None:
        path = client.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.client, self.uri, self.text, self.version = client, path.as_uri(), text, 1
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=self.uri, language_id="python", version=1, text=text)
            )
        )

    def replace_line(self, line: int, new: str) -> None:
        """An incremental change replacing the whole of 0-based ``line`` (without its ending)."""
        lines = self.text.split("\n")
        old = lines[line]
        lines[line] = new
        self.text = "\n".join(lines)
        self.version += 1
        end = units(self.client, old)
        change = types.TextDocumentContentChangePartial(
            range=types.Range(
                start=types.Position(line=line, character=0), end=types.Position(line=line, character=end)
            ),
            text=new,
        )
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=self.uri, version=self.version),
                content_changes=[change],
            )
        )

    def close(self) -> None:
        """``didClose``."""
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=self.uri))
        )


def units(client: LanguageClient, text: str) -> int:
    """The length of ``text`` in the position encoding the server negotiated with ``client``."""
    if client.encoding == types.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8"))
    if client.encoding == types.PositionEncodingKind.Utf32:
        return len(text)
    return len(text.encode("utf-16-le")) // 2


async def pull(client: LanguageClient, uri: str, previous: str | None = None):
    """A ``textDocument/diagnostic`` request."""
    return await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous)
    )


async def wait_until(predicate, what: str) -> None:
    """Poll ``predicate`` until it holds (the server pushes on its own schedule)."""
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while not predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def diagnostics_of(doc: Doc) -> list[types.Diagnostic]:
    """The diagnostics the editor shows for ``doc``'s current version: pulled by a client
    that pulls, else the push carrying this version (which proves the version is sent)."""
    client = doc.client
    if client.pull:
        report = await pull(client, doc.uri)
        assert report.kind == "full"
        return list(report.items)
    await wait_until(
        lambda: doc.uri in client.published and client.published[doc.uri].version == doc.version,
        f"diagnostics of {doc.uri} version {doc.version}",
    )
    return list(client.published[doc.uri].diagnostics)


def rng(line: int, start: int, end: int) -> types.Range:
    """A one-line range."""
    return types.Range(start=types.Position(line=line, character=start), end=types.Position(line=line, character=end))


def summary(diagnostics) -> list[tuple]:
    """What an editor shows: code, range, source, severity."""
    return [(d.code, d.range, d.source, d.severity) for d in diagnostics]


def apply(text: str, edits: list[types.TextEdit], client: LanguageClient) -> str:
    """Apply one-line text edits (client units) to ``text``, last first."""
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert edit.range.start.line == edit.range.end.line
        line = lines[edit.range.start.line]
        start = code_points(client, line, edit.range.start.character)
        end = code_points(client, line, edit.range.end.character)
        lines[edit.range.start.line] = line[:start] + edit.new_text + line[end:]
    return "\n".join(lines)


def code_points(client: LanguageClient, line: str, character: int) -> int:
    """The code-point column of a client-unit column of ``line``."""
    for index in range(len(line) + 1):
        if units(client, line[:index]) >= character:
            return index
    return len(line)


def edits_of(action: types.CodeAction, uri: str) -> list[types.TextEdit]:
    """The text edits of a code action on ``uri`` (``changes`` or ``documentChanges``)."""
    edit = action.edit
    if edit.document_changes:
        [change] = edit.document_changes
        assert change.text_document.uri == uri
        return list(change.edits)
    return list(edit.changes[uri])


# --------------------------------------------------------------------------- end to end


@lsp_test
async def test_diagnostics_follow_the_buffer(client: LanguageClient):
    """Open -> exact MCP202; edit (unsaved) -> MCP101 with its related declaration; fix -> none."""
    doc = Doc(client, "prompts.py", FAULTY)
    found = await diagnostics_of(doc)
    assert summary(found) == [
        ("MCP202", rng(FAULT_LINE, 15, 31), "mcplint", types.DiagnosticSeverity.Error),
    ]
    [fault] = found
    assert fault.code_description.href == rule_url("MCP202")
    assert fault.message.startswith("arguments['language'] raises KeyError")
    assert fault.data["noqa"]["newText"] == "  # noqa: MCP202"

    doc.replace_line(FAULT_LINE, DEFAULTED)
    [defaulted] = await diagnostics_of(doc)
    assert (defaulted.code, defaulted.range) == ("MCP101", rng(FAULT_LINE, 15, 45))
    [related] = defaulted.related_information
    assert related.location.uri == doc.uri
    assert related.location.range == rng(12, 23, 75)
    assert related.message == "'language' is declared required here"

    doc.replace_line(FAULT_LINE, GUARDED)
    doc.replace_line(0, "import mcp.types as types\nfrom mcp.shared.exceptions import McpError")
    assert await diagnostics_of(doc) == []

    doc.close()
    if not client.pull:
        cleared = client.published[doc.uri]
        await wait_until(lambda: client.published[doc.uri] is not cleared, "diagnostics cleared on close")
        assert not client.published[doc.uri].diagnostics
        assert client.published[doc.uri].version is None


@lsp_test
async def test_pull_answers_unchanged_for_unchanged_text(client: LanguageClient):
    """The same text pulled with its resultId is "unchanged"; after an edit it is full again."""
    doc = Doc(client, "pulled.py", FAULTY)
    first = await pull(client, doc.uri)
    assert first.kind == "full" and first.result_id
    assert [d.code for d in first.items] == ["MCP202"]

    again = await pull(client, doc.uri, previous=first.result_id)
    assert again.kind == "unchanged"
    assert again.result_id == first.result_id

    doc.replace_line(FAULT_LINE, DEFAULTED)
    changed = await pull(client, doc.uri, previous=first.result_id)
    assert changed.kind == "full"
    assert changed.result_id != first.result_id
    assert [d.code for d in changed.items] == ["MCP101"]
    doc.close()


@lsp_test
async def test_disable_for_this_line(client: LanguageClient):
    """The quick fix appends `# noqa: MCP202`; applying it leaves no diagnostics."""
    doc = Doc(client, "noqa.py", FAULTY)
    [fault] = [d for d in await diagnostics_of(doc) if d.code == "MCP202"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=doc.uri),
            range=fault.range,
            context=types.CodeActionContext(diagnostics=[fault], only=[types.CodeActionKind.QuickFix]),
        )
    )
    assert [(a.title, a.kind, a.is_preferred) for a in actions] == [
        (f"mcplint (MCP202): {GUARD_TITLE}", types.CodeActionKind.QuickFix, False),  # unsafe: not preferred
        ("Disable MCP202 for this line", types.CodeActionKind.QuickFix, None),
    ]
    action = actions[1]
    assert [d.code for d in action.diagnostics] == ["MCP202"]
    edits = edits_of(action, doc.uri)
    assert edits == [types.TextEdit(range=rng(FAULT_LINE, 31, 31), new_text="  # noqa: MCP202")]

    doc.replace_line(FAULT_LINE, apply(doc.text, edits, client).split("\n")[FAULT_LINE])
    assert doc.text.split("\n")[FAULT_LINE] == FAULT_TEXT + "  # noqa: MCP202"
    assert [d for d in await diagnostics_of(doc) if d.range.start.line == FAULT_LINE] == []
    doc.close()


@lsp_test
async def test_disable_merges_into_an_existing_noqa(client: LanguageClient):
    """A line that already has `# noqa: E501` gets `# noqa: E501, MCP202`, not a second comment."""
    line = FAULT_TEXT + "  # noqa: E501"
    doc = Doc(client, "merge.py", FAULTY.replace(FAULT_TEXT, line))
    [fault] = [d for d in await diagnostics_of(doc) if d.code == "MCP202"]
    # Neovim asks with the cursor position and the line's diagnostics; no `only`.
    cursor = rng(FAULT_LINE, 0, 0)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=doc.uri),
            range=cursor,
            context=types.CodeActionContext(diagnostics=[fault]),
        )
    )
    [action] = [a for a in actions if a.title == "Disable MCP202 for this line"]
    assert edits_of(action, doc.uri) == [types.TextEdit(range=rng(FAULT_LINE, 33, 45), new_text="# noqa: E501, MCP202")]
    doc.close()


@lsp_test
async def test_unused_suppression_is_removed_by_its_quick_fix(client: LanguageClient):
    """MCP001 on `# noqa: MCP202, MCP101` (MCP101 silences nothing) offers, as the preferred
    quick fix, the edit that keeps `# noqa: MCP202`; applying it leaves no MCP001."""
    line = FAULT_TEXT + "  # noqa: MCP202, MCP101"
    doc = Doc(client, "unused.py", FAULTY.replace(FAULT_TEXT, line))
    [unused] = [d for d in await diagnostics_of(doc) if d.code == "MCP001"]
    assert unused.range == rng(FAULT_LINE, 33, 55)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=doc.uri),
            range=unused.range,
            context=types.CodeActionContext(diagnostics=[unused], only=[types.CodeActionKind.QuickFix]),
        )
    )
    assert [(a.title, a.is_preferred) for a in actions] == [("mcplint (MCP001): Remove unused `MCP101`", True)]
    edits = edits_of(actions[0], doc.uri)
    assert edits == [types.TextEdit(range=rng(FAULT_LINE, 33, 55), new_text="# noqa: MCP202")]
    doc.replace_line(FAULT_LINE, apply(doc.text, edits, client).split("\n")[FAULT_LINE])
    assert doc.text.split("\n")[FAULT_LINE] == FAULT_TEXT + "  # noqa: MCP202"
    assert [d.code for d in await diagnostics_of(doc) if d.code in ("MCP001", "MCP202")] == []
    doc.close()


@lsp_test
async def test_columns_after_emoji_and_cjk(client: LanguageClient):
    """Text before the fault with an astral emoji and CJK: the range is in the negotiated units."""
    prefix = '    note = "🐍 语言"; language = '
    doc = Doc(client, "unicode.py", FAULTY.replace(FAULT_TEXT, prefix + 'args["language"]'))
    [fault] = await diagnostics_of(doc)
    start = units(client, prefix)
    assert (fault.code, fault.range) == ("MCP202", rng(FAULT_LINE, start, start + len('args["language"]')))
    if client.encoding == types.PositionEncodingKind.Utf16:
        assert start == len(prefix) + 1  # the emoji is two UTF-16 units
    line_end = units(client, doc.text.split("\n")[FAULT_LINE])
    assert fault.data["noqa"]["range"]["start"] == {"line": FAULT_LINE, "character": line_end}
    doc.close()


@lsp_test
async def test_syntax_error_is_reported_and_the_server_keeps_serving(client: LanguageClient):
    """A half-typed file shows MCP000; the next request is still answered."""
    doc = Doc(client, "half.py", FAULTY.replace(FAULT_TEXT, "    language = args[\"language\""))
    [error] = await diagnostics_of(doc)
    assert error.code == "MCP000"
    assert error.message.startswith("SyntaxError")
    assert error.data["noqa"] is None

    doc.replace_line(FAULT_LINE, FAULT_TEXT)
    assert [d.code for d in await diagnostics_of(doc)] == ["MCP202"]
    doc.close()


@lsp_test
async def test_hover_on_a_noqa_code(client: LanguageClient):
    """Hovering `MCP202` in a noqa comment shows the rule's name and summary."""
    line = FAULT_TEXT + "  # noqa: MCP202"
    doc = Doc(client, "hover.py", FAULTY.replace(FAULT_TEXT, line))
    column = line.index("MCP202") + 2
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=doc.uri),
            position=types.Position(line=FAULT_LINE, character=column),
        )
    )
    assert "unguarded-argument-access" in hover.contents.value
    assert "without a presence check" in hover.contents.value
    start = line.index("MCP202")
    assert hover.range == rng(FAULT_LINE, start, start + 6)

    elsewhere = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=doc.uri),
            position=types.Position(line=FAULT_LINE, character=6),
        )
    )
    assert elsewhere is None
    doc.close()


@lsp_test
async def test_config_error_is_shown_and_a_changed_pyproject_relints(client: LanguageClient):
    """A bad [tool.mcplint] is shown once and defaults apply; fixing the file re-lints."""
    project = client.root / "project"
    project.mkdir()
    pyproject = project / "pyproject.toml"
    pyproject.write_text('[tool.mcplint]\nselct = ["MCP"]\n', encoding="utf-8")
    doc = Doc(client, "project/server.py", FAULTY)
    assert [d.code for d in await diagnostics_of(doc)] == ["MCP202"]
    await wait_until(lambda: any("selct" in m.message for m in client.messages), "the config error message")
    [message] = [m for m in client.messages if "selct" in m.message]
    assert message.type == types.MessageType.Error

    if client.capabilities.workspace.did_change_watched_files.dynamic_registration:
        watchers = [r for r in client.registrations if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
        assert watchers, "the server asks the client to watch pyproject.toml"

    previous = client.published.get(doc.uri)
    pyproject.write_text('[tool.mcplint]\nignore = ["MCP202"]\n', encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=pyproject.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    if client.pull:
        assert not (await pull(client, doc.uri)).items
    else:
        await wait_until(lambda: client.published[doc.uri] is not previous, "a re-lint after the config change")
        assert not client.published[doc.uri].diagnostics
    assert len([m for m in client.messages if "selct" in m.message]) == 1
    doc.close()


CONTRACT_SERVER = """from mcp.server.fastmcp import FastMCP

mcp = FastMCP("notes")


@mcp.prompt()
def review(code: str) -> str:
    return code
"""


@lsp_test
async def test_a_changed_contract_lockfile_relints(client: LanguageClient):
    """The MCP7xx baseline is read again when mcp-contract.json changes."""
    project = client.root / "contracted"
    project.mkdir()
    lockfile = project / "mcp-contract.json"
    review = {"name": "review", "arguments": [{"name": "code", "required": True}]}
    server = {"file": "server.py", "name": "notes", "prompts": [review]}
    lockfile.write_text(json.dumps({"servers": [server]}), encoding="utf-8")
    doc = Doc(client, "contracted/server.py", CONTRACT_SERVER)
    assert await diagnostics_of(doc) == []
    previous = client.published.get(doc.uri)
    server["prompts"].append({"name": "summarize", "arguments": []})
    lockfile.write_text(json.dumps({"servers": [server]}), encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=lockfile.as_uri(), type=types.FileChangeType.Changed)])
    )
    if client.pull:
        assert [d.code for d in (await pull(client, doc.uri)).items] == ["MCP701"]
    else:
        await wait_until(lambda: client.published[doc.uri] is not previous, "a re-lint after the lockfile change")
        assert [d.code for d in client.published[doc.uri].diagnostics] == ["MCP701"]
    doc.close()


@lsp_test
async def test_an_edited_config_is_used_at_the_next_lint_without_a_watcher(client: LanguageClient):
    """Editors that send no file events still get the new settings on the next change."""
    project = client.root / "unwatched"
    project.mkdir()
    pyproject = project / "pyproject.toml"
    pyproject.write_text('[tool.mcplint]\nignore = ["MCP202"]\n', encoding="utf-8")
    doc = Doc(client, "unwatched/server.py", FAULTY)
    assert await diagnostics_of(doc) == []
    pyproject.write_text("[tool.mcplint]\nignore = []\n", encoding="utf-8")
    doc.replace_line(FAULT_LINE, FAULT_TEXT + "  ")
    assert [d.code for d in await diagnostics_of(doc)] == ["MCP202"]
    doc.close()


# --------------------------------------------------------------------------- conversions


def _diagnostic(line: int, start: int, end: int, fix: Fix | None = None, code: str = "MCP202") -> Diagnostic:
    return Diagnostic(code=code, name="x", message="m", path="f.py",
                      span=Span(Position(line, start), Position(line, end)), fix=fix)


def test_noqa_edit_keeps_the_directives_codes_in_order_and_its_reason():
    lines = document_lines("y = 1  # noqa: E501, MCP101  legacy py3 API\n")
    directive = Span(Position(1, 7), Position(1, 27))  # the directive up to its last code: the reason stays
    assert noqa_edit(_diagnostic(1, 0, 1), lines) == Edit(directive, "# noqa: E501, MCP101, MCP202")


def test_noqa_edit_is_refused_inside_a_multiline_string_and_for_engine_codes():
    """A comment appended inside a string or after a backslash would break the code."""
    text = 'x = f("""a\nb""")\ny = 1\n'
    lines = document_lines(text)
    spanning = frozenset(noqa_lines(text))
    assert noqa_edit(_diagnostic(1, 4, 5), lines, spanning=spanning) is None
    after_code = Span(Position(2, 5), Position(2, 5))
    assert noqa_edit(_diagnostic(2, 0, 1), lines, spanning=spanning) == Edit(after_code, "  # noqa: MCP202")
    # A finding inside the string is silenced on the string's last line (as the engine places it).
    inside = dataclasses.replace(_diagnostic(1, 4, 5), noqa_line=2)
    assert noqa_edit(inside, lines, spanning=spanning) == Edit(after_code, "  # noqa: MCP202")
    assert noqa_edit(_diagnostic(3, 0, 1, code="MCP000"), lines) is None
    assert noqa_edit(_diagnostic(1, 0, 1), document_lines("x = 1 + \\\n  2\n")) is None


def test_fix_edits_travel_in_data_and_fix_all_takes_safe_fixes_only():
    """No rule has a fix yet, so this uses hand-made diagnostics through the same conversion."""
    text = 'a = "🐍"; b = 1\nc = 2\n'
    lines = document_lines(text)
    codec = PositionCodec(types.PositionEncodingKind.Utf16)
    safe = Fix("Use 2", (Edit(Span(Position(1, 13), Position(1, 14)), "2"),))
    unsafe = Fix("Use 3", (Edit(Span(Position(2, 4), Position(2, 5)), "3"),), Applicability.UNSAFE)
    converted = [
        to_lsp_diagnostic(_diagnostic(1, 13, 14, safe), "file:///f.py", lines, codec),
        to_lsp_diagnostic(_diagnostic(2, 4, 5, unsafe), "file:///f.py", lines, codec),
    ]
    assert converted[0].range == rng(0, 14, 15)  # UTF-16: the emoji counts twice
    assert converted[0].data["fix"]["edits"] == [
        {"range": {"start": {"line": 0, "character": 14}, "end": {"line": 0, "character": 15}}, "newText": "2"}
    ]

    server = McplintLanguageServer()
    server.protocol.client_capabilities = client_capabilities("neovim")
    result = _Result("r", 3, converted)
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri="file:///f.py"),
        range=rng(0, 0, 0),
        context=types.CodeActionContext(diagnostics=[], only=[FIX_ALL_KIND]),
    )
    [fix_all] = server.code_actions(params, result)
    assert fix_all.kind == FIX_ALL_KIND
    assert fix_all.edit.changes == {"file:///f.py": [types.TextEdit(range=rng(0, 14, 15), new_text="2")]}

    params.context = types.CodeActionContext(diagnostics=[converted[1]], only=[types.CodeActionKind.QuickFix])
    params.range = converted[1].range
    titles = [(a.title, a.is_preferred) for a in server.code_actions(params, result)]
    assert titles == [("mcplint (MCP202): Use 3", False)]


def test_hover_for_finds_only_known_codes_in_noqa_comments():
    """Codes are found case-insensitively, other tools' codes and strings are not."""
    line = 'x = 1  # noqa: E501, mcp101'
    assert hover_for(line, line.index("mcp101")) == ("MCP101", line.index("mcp101"), len(line))
    assert hover_for(line, line.index("E501")) is None
    assert hover_for('s = "MCP101"', 6) is None


def test_lint_document_calls_the_engine(tmp_path):
    """The conversion layer over lint_source, without a server."""
    diagnostics = lint_document(FAULTY, str(tmp_path / "s.py"), "file:///s.py", Settings(), PositionCodec())
    assert [(d.code, d.range) for d in diagnostics] == [("MCP202", rng(FAULT_LINE, 15, 31))]


def test_a_saved_helper_document_shows_the_findings_its_importers_place_in_it(tmp_path):
    """A helper module's document shows the finding a handler of another module reaches in it,
    as `mcplint .` reports it; an unsaved buffer (positions the importers cannot know) does not."""
    project = Path(__file__).parent / "projects" / "split_server"
    shutil.copytree(project, tmp_path / "split_server")
    helper = tmp_path / "split_server" / "src" / "deploybot" / "handlers.py"
    text = helper.read_text()
    saved = lint_document(text, str(helper), helper.as_uri(), Settings(), PositionCodec())
    assert [(d.code, d.range.start.line + 1) for d in saved] == [("MCP102", 7)]
    unsaved = lint_document(text + "\n", str(helper), helper.as_uri(), Settings(), PositionCodec())
    assert unsaved == []
