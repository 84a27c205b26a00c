"""``mcplint server``: the language server, a thin pygls layer over :func:`mcplint.engine.lint_source`.

What it does, in the order a client meets it:

* **Diagnostics.** A client that can pull (``textDocument/diagnostic``) pulls; the answer
  carries a ``resultId`` and an unchanged document gets an "unchanged" report. Any other
  client gets ``textDocument/publishDiagnostics`` pushed, with the document version, on
  open and save and ~0.3 s after the last change (the unsaved buffer is what is linted);
  closing a document clears them. Never both, so no editor shows a finding twice.
* **Positions.** The engine counts columns in code points; every range sent is converted
  with the document's ``position_codec`` to the encoding negotiated at ``initialize``
  (UTF-16 unless the client offers another), so emoji and CJK text do not shift squiggles.
* **Each diagnostic** has ``code``, ``source: "mcplint"``, ``codeDescription.href`` (the
  rule's page), the configured severity, ``relatedInformation`` and ``data`` holding the
  fix edits (if the rule has a fix) and the ``# noqa`` edit, both in client units.
* **Code actions.** "Disable MCPxxx for this line", the rule's fix, and
  ``source.fixAll.mcplint`` (safe fixes only).
* **Hover** over a code in a ``# noqa: MCP101`` comment shows the rule's name and summary.
* **Settings** come from the nearest config (``.mcplint.toml``, ``mcplint.toml`` or a
  ``pyproject.toml`` with ``[tool.mcplint]``: :func:`mcplint.config.find_config`), cached per
  config file and re-read when its mtime or size changes (so the next lint after an edit
  uses it, in any editor); a broken config is reported with ``window/showMessage`` and
  defaults are used. An event about any of those files from ``workspace/didChangeWatchedFiles``
  (the server registers the watcher when the client allows) drops the cache and re-lints
  every open document at once.
* **Errors nobody asked for** (a notification about a document never opened, a body that is
  not JSON, which is also answered -32700) go to ``window/logMessage``, not a popup.

Linting runs in a thread pool, so the JSON-RPC loop keeps answering while a file is linted.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.exceptions import (
    FeatureRequestError,
    JsonRpcException,
    JsonRpcInvalidRequest,
    JsonRpcParseError,
    JsonRpcServerNotInitialized,
)
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace.position_codec import PositionCodec

from mcplint import __version__
from mcplint.checks import ENGINE_CODES, RULES_BY_CODE
from mcplint.config import ALL_CONFIG_FILE_NAMES, ConfigError, Settings, find_config, load_settings
from mcplint.diagnostics import Applicability, Diagnostic, Edit, Position, Severity, Span
from mcplint.docs import rule_url
from mcplint.engine import lint_source
from mcplint.lsp_input import FramedInput
from mcplint.incremental import IncrementalParser
from mcplint.suppression import Suppressions, parse_suppressions

__all__ = [
    "DEBOUNCE_SECONDS",
    "FIX_ALL_KIND",
    "McplintLanguageServer",
    "SettingsCache",
    "create_server",
    "document_lines",
    "hover_for",
    "lint_document",
    "noqa_edit",
    "start_server",
    "to_lsp_diagnostic",
]

logger = logging.getLogger(__name__)

#: Seconds to wait after the last ``didChange`` of a document before linting it (push mode).
DEBOUNCE_SECONDS = 0.3
#: The code action kind of "apply every safe fix in the file".
FIX_ALL_KIND = "source.fixAll.mcplint"
SOURCE = "mcplint"
CONTRACT_FILE = "mcp-contract.json"  # mcplint.contract.CONTRACT_FILE, kept here to keep imports light
#: The files whose change makes the server reload its settings and lint open documents again.
WATCHED_FILE_NAMES = (*ALL_CONFIG_FILE_NAMES, CONTRACT_FILE)

_SEVERITIES = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}
# LSP lines end at \r\n, \r or \n only (str.splitlines also splits at \f, \u2028, ...).
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_NOQA_CODES = re.compile(
    r"#\s*(?:mcplint\s*:\s*)?noqa\s*:\s*(?P<codes>[A-Za-z]+[0-9]+(?:[,\s]+[A-Za-z]+[0-9]+)*)", re.IGNORECASE
)
_CODE = re.compile(r"[A-Za-z]+[0-9]+")


# --------------------------------------------------------------------------- pure conversion


def document_lines(text: str) -> list[str]:
    """``text`` split into lines the way LSP counts them, each keeping its line ending."""
    return _LINE.findall(text)


def _line_text(lines: Sequence[str], line: int) -> str:
    """The 1-based ``line`` without its ending; ``""`` past the end."""
    return lines[line - 1].rstrip("\r\n") if 0 < line <= len(lines) else ""


def _position(lines: Sequence[str], codec: PositionCodec, line: int, column: int) -> types.Position:
    """A 1-based line / 0-based code-point column in client units (clamped to the document)."""
    if line > len(lines):
        return types.Position(line=len(lines), character=0)
    text = _line_text(lines, max(line, 1))
    return types.Position(line=max(line - 1, 0), character=codec.client_num_units(text[: max(column, 0)]))


def _range(lines: Sequence[str], codec: PositionCodec, span: Span) -> types.Range:
    """A :class:`Span` as an LSP range in client units."""
    return types.Range(
        start=_position(lines, codec, span.start.line, span.start.column),
        end=_position(lines, codec, span.end.line, span.end.column),
    )


def _edit_json(lines: Sequence[str], codec: PositionCodec, edit: Edit) -> dict[str, Any]:
    """An :class:`Edit` as the JSON of an LSP ``TextEdit`` (for ``Diagnostic.data``)."""
    rng = _range(lines, codec, edit.span)
    return {
        "range": {
            "start": {"line": rng.start.line, "character": rng.start.character},
            "end": {"line": rng.end.line, "character": rng.end.character},
        },
        "newText": edit.content,
    }


def noqa_edit(
    diagnostic: Diagnostic,
    lines: Sequence[str],
    suppressions: Suppressions | None = None,
    spanning: frozenset[int] = frozenset(),
) -> Edit | None:
    """The edit that silences ``diagnostic`` on its line, or None when a comment cannot go there.

    Appends ``  # noqa: CODE`` to the line, or adds the code to the line's existing
    ``# noqa: ...`` directive. None for the engine's own codes (MCP000-MCP002, which a
    ``noqa`` cannot silence), for a line whose end is inside a multi-line string or
    continued with a backslash (``spanning``: those 1-based lines), and for a line holding
    a file-level ``# mcplint: noqa`` directive. ``suppressions`` is the file's
    :func:`~mcplint.suppression.parse_suppressions` result (parsed here when omitted).
    """
    line = diagnostic.suppression_line
    if diagnostic.code in ENGINE_CODES or line in spanning or not 0 < line <= len(lines):
        return None
    text = _line_text(lines, line)
    if suppressions is None:
        suppressions = parse_suppressions("".join(lines))
    if any(directive.line == line for directive in suppressions.file_level):
        return None
    directive = suppressions.by_line.get(line)
    if directive is not None:
        codes = list(directive.codes_written())  # in source order; the reason after them stays
        if diagnostic.code not in codes:
            codes.append(diagnostic.code)
        return Edit(directive.span, "# noqa: " + ", ".join(codes))
    code_end = len(text.rstrip())
    if text[:code_end].endswith("\\"):  # a backslash continuation (or a comment ending in one)
        return None
    return Edit(Span(Position(line, code_end), Position(line, len(text))), f"  # noqa: {diagnostic.code}")


def to_lsp_diagnostic(
    diagnostic: Diagnostic,
    uri: str,
    lines: Sequence[str],
    codec: PositionCodec,
    noqa: Edit | None = None,
    other_lines=None,
) -> types.Diagnostic:
    """One engine :class:`Diagnostic` as an LSP diagnostic in the client's position encoding.

    ``lines`` are the linted text's lines (:func:`document_lines`). ``data`` holds
    ``{"fix": {"title", "applicability", "edits"} | None, "noqa": TextEdit | None}`` with
    edits as LSP ``TextEdit`` JSON in client units. ``other_lines(path)`` returns the lines
    of another file for related locations outside this one (None: columns are sent as is).
    """
    related = []
    for item in diagnostic.related:
        if item.path == diagnostic.path:
            item_uri, item_lines = uri, lines
        else:
            item_uri = from_fs_path(item.path) or item.path
            item_lines = other_lines(item.path) if other_lines else None
        rng = (
            _range(item_lines, codec, item.span)
            if item_lines is not None
            else types.Range(
                start=types.Position(line=item.span.start.line - 1, character=item.span.start.column),
                end=types.Position(line=item.span.end.line - 1, character=item.span.end.column),
            )
        )
        location = types.Location(uri=item_uri, range=rng)
        related.append(types.DiagnosticRelatedInformation(location=location, message=item.message))
    fix = None
    if diagnostic.fix is not None:
        fix = {
            "title": diagnostic.fix.title,
            "applicability": diagnostic.fix.applicability.value,
            "edits": [_edit_json(lines, codec, edit) for edit in diagnostic.fix.edits],
        }
    return types.Diagnostic(
        range=_range(lines, codec, diagnostic.span),
        message=diagnostic.message,
        severity=_SEVERITIES.get(diagnostic.severity, types.DiagnosticSeverity.Error),
        code=diagnostic.code,
        code_description=types.CodeDescription(href=rule_url(diagnostic.code)),
        source=SOURCE,
        related_information=related or None,
        data={"fix": fix, "noqa": _edit_json(lines, codec, noqa) if noqa is not None else None},
    )


def lint_document(
    text: str, path: str, uri: str, settings: Settings, codec: PositionCodec,
    parser: IncrementalParser | None = None,
) -> list[types.Diagnostic]:
    """Lint ``text`` (the buffer of ``uri``, linted as ``path``) and convert the findings.

    Calls :func:`mcplint.engine.lint_source`, the one analysis core; this adds only
    position conversion and the ``noqa`` edits. Blocking: run it off the event loop.
    ``parser`` (one per open document) re-parses only the statements an edit touched.
    A saved document also shows the findings that the lint of the modules importing it
    places in it (a helper module reached from a handler in ``server.py``).
    """
    diagnostics = lint_source(text, path, settings, parser=parser, with_importers=_is_saved(text, path))
    if not diagnostics:
        return []
    lines = document_lines(text)
    needs_noqa = any(d.code not in ENGINE_CODES for d in diagnostics)
    suppressions = parse_suppressions(text) if needs_noqa else None
    cache: dict[str, list[str] | None] = {}

    def other_lines(other: str) -> list[str] | None:
        """The lines of another file named by a related location (None if unreadable)."""
        if other not in cache:
            try:
                cache[other] = document_lines(Path(other).read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                cache[other] = None
        return cache[other]

    return [
        to_lsp_diagnostic(
            d, uri, lines, codec,
            noqa=noqa_edit(d, lines, suppressions) if needs_noqa else None,
            other_lines=other_lines,
        )
        for d in diagnostics
        if d.path == str(path)  # a finding placed in another module belongs to that document
    ]


def _is_saved(text: str, path: str) -> bool:
    """Whether the buffer ``text`` is what the file at ``path`` holds: only then do the findings
    that modules importing it place in it (read from disk) have the buffer's positions."""
    try:
        return Path(path).read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def _text_edit(edit: dict[str, Any]) -> types.TextEdit:
    """``TextEdit`` JSON (as built by :func:`to_lsp_diagnostic`) back to an lsprotocol object."""
    rng = edit["range"]
    return types.TextEdit(
        range=types.Range(
            start=types.Position(line=rng["start"]["line"], character=rng["start"]["character"]),
            end=types.Position(line=rng["end"]["line"], character=rng["end"]["character"]),
        ),
        new_text=edit["newText"],
    )


def _key(position: types.Position) -> tuple[int, int]:
    return position.line, position.character


def _overlaps(a: types.Range, b: types.Range) -> bool:
    """Whether two ranges intersect or touch."""
    return _key(a.start) <= _key(b.end) and _key(b.start) <= _key(a.end)


def _kind_wanted(kind: str, only: Sequence[str] | None) -> bool:
    """Whether a code action of ``kind`` is asked for by the ``only`` filter of the request."""
    if not only:
        return True
    return any(kind == wanted or kind.startswith(f"{wanted}.") or wanted == "" for wanted in only)


# --------------------------------------------------------------------------- settings


class SettingsCache:
    """Settings per config file (re-read when the file's mtime or size changes), and the
    config file per directory; thread-safe.

    :meth:`resolve` also returns a *state* token naming the configuration in force: it
    changes when the config file is edited (noticed by ``stat``, so without any file
    watcher) and on :meth:`invalidate`, so result ids built from it change too.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._config_of_dir: dict[Path, Path | None] = {}
        self._settings: dict[Path, tuple[tuple[int, int], Settings]] = {}
        self._generation = 0

    def resolve(self, path: Path | None) -> tuple[str, Settings, ConfigError | None]:
        """``(state, settings, error)`` for a document at ``path`` (None: defaults).

        ``error`` is the :class:`ConfigError` of a broken config, returned only by the call
        that loaded it (so it is shown once per edit of the file); defaults are used then.
        Blocking (reads files): call it off the event loop.
        """
        with self._lock:
            if path is None:
                return f"{self._generation}", Settings(), None
            config, stamp = self._config_and_stamp(path)
            if config is None:
                return f"{self._generation}", Settings(), None
            state = f"{self._generation}:{config}:{stamp[0]}:{stamp[1]}"
            cached = self._settings.get(config)
            if cached is not None and cached[0] == stamp:
                return state, cached[1], None
            try:
                settings, error = load_settings(config, RULES_BY_CODE), None
            except ConfigError as exc:
                settings, error = Settings(), exc
            self._settings[config] = (stamp, settings)
            return state, settings, error

    def _config_and_stamp(self, path: Path) -> tuple[Path | None, tuple[int, int]]:
        """The config governing ``path`` and its (mtime, size); looked up again if it vanished."""
        directory = path.parent
        for _ in range(2):
            if directory not in self._config_of_dir:
                self._config_of_dir[directory] = find_config(path)
            config = self._config_of_dir[directory]
            if config is None:
                return None, (0, 0)
            try:
                stat = config.stat()
                return config, (stat.st_mtime_ns, stat.st_size)
            except OSError:
                del self._config_of_dir[directory]
        return None, (0, 0)

    def invalidate(self) -> None:
        """Forget every config location and setting (a ``pyproject.toml`` appeared, changed or went)."""
        with self._lock:
            self._config_of_dir.clear()
            self._settings.clear()
            self._generation += 1


# --------------------------------------------------------------------------- the server


@dataclass
class _Result:
    """The diagnostics of one text of one document under one configuration state."""

    result_id: str
    version: int | None
    diagnostics: list[types.Diagnostic] = field(default_factory=list)


#: What :meth:`_Protocol.structure_message` returns for a request it has already answered
#: with an error: :meth:`_Protocol.handle_message` drops it.
_ANSWERED = object()


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, with the lifecycle and refusal answers LSP 3.17 asks for and pygls
    leaves out:

    * before ``initialize``, a request is answered with ServerNotInitialized (-32002) and a
      notification other than ``exit`` is dropped ("Initialize Request": "If the server
      receives a request or notification before the initialize request it should act as
      follows");
    * after ``shutdown``, a request is answered with InvalidRequest ("Shutdown Request")
      instead of being dropped, which would leave the client waiting forever;
    * a request whose params do not fit its method (a negative position, a missing field) is
      answered -32602 Invalid params: pygls only logs those;
    * a message whose body is not JSON is answered -32700 Parse error with a null id
      (JSON-RPC 2.0 section 5.1), by :meth:`answer_parse_error`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._initialize_received = False

    def structure_message(self, data: dict[str, Any]) -> Any:
        """pygls's structuring; a request (an ``id`` and a ``method``) it refuses is answered
        with the refusal (-32602 Invalid params, JSON-RPC 2.0 section 5.1) and dropped.
        Called by ``json.loads`` for every object of a message, innermost first."""
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if "method" not in data or not isinstance(data.get("id"), (int, str)):
                raise  # a notification or a response: nobody waits for an answer
            self._send_response(data["id"], None, exc.to_response_error())
            return _ANSWERED

    def answer_parse_error(self, detail: str) -> None:
        """Send -32700 Parse error with ``id: null``: the message could not be read, so no
        request id is known (JSON-RPC 2.0 section 5.1, "Error object")."""
        error = JsonRpcParseError(detail).to_response_error()
        # a plain dict: pygls's converter would drop the null id, which JSON-RPC requires here
        self._send_data({"jsonrpc": "2.0", "id": None, "error": {"code": error.code, "message": error.message}})

    def handle_message(self, message: Any) -> None:
        """Answer or drop ``message`` by the lifecycle state, else hand it to pygls."""
        if message is _ANSWERED:
            return
        method, message_id = getattr(message, "method", None), getattr(message, "id", None)
        if method == types.INITIALIZE:
            self._initialize_received = True
        elif method is not None and not self._initialize_received and method != types.EXIT:
            if message_id is not None:
                error = JsonRpcServerNotInitialized(f"'{method}' before 'initialize'")
                self._send_response(message_id, None, error.to_response_error())
            return
        if self._shutdown and method not in (None, types.EXIT) and message_id is not None:
            error = JsonRpcInvalidRequest("the server is shut down; only 'exit' is accepted")
            self._send_response(message_id, None, error.to_response_error())
            return
        super().handle_message(message)


class McplintLanguageServer(LanguageServer):
    """The mcplint language server: state (caches, debounce tasks) plus the lint pipeline.

    Features are registered by :func:`create_server`.
    """

    def __init__(self) -> None:
        super().__init__("mcplint", __version__, protocol_cls=_Protocol)
        self.settings_cache = SettingsCache()
        self.pull_mode = False
        workers = min(4, os.cpu_count() or 1)
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mcplint-lint")
        self._results: dict[str, _Result] = {}
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._open: set[str] = set()
        self._parsers: dict[str, IncrementalParser] = {}  # per open document: reuses unchanged statements

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Where pygls reports an error that no request's answer carries: to the client's log
        (``window/logMessage``), not a popup (pygls's default), since it is the client's or a
        document's fault, not the user's: a notification about a document never opened, a
        body that is not JSON (also answered -32700). Request errors are already in their
        answers."""
        if source is FeatureRequestError:
            return
        if isinstance(error, ValueError) and source is JsonRpcException:  # json.JSONDecodeError
            self.protocol.answer_parse_error(str(error))
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Error,
                                                       message=f"mcplint: {type(error).__name__}: {error}"))

    # -- documents ------------------------------------------------------------------------

    def is_python(self, uri: str) -> bool:
        """Whether the document at ``uri`` is Python (by language id, else by extension)."""
        document = self.workspace.get_text_document(uri)
        if document.language_id:
            return document.language_id == "python"
        return uri.endswith((".py", ".pyi"))

    def _lint_path(self, uri: str) -> tuple[str, Path | None]:
        """The path to lint a document as, and the path to look for its config from."""
        path = to_fs_path(uri)
        if path is not None:
            return path, Path(path)
        root = self.workspace.root_path
        name = uri.rsplit("/", 1)[-1] or "untitled.py"
        return name, (Path(root) / name if root else None)

    async def diagnose(self, uri: str) -> _Result:
        """The diagnostics of the current text of ``uri``, from the cache when neither the text
        nor the configuration changed.

        Settings are resolved and the text linted in the thread pool; a broken config is
        shown to the user once per edit of it.
        """
        document = self.workspace.get_text_document(uri)
        text, version, codec = document.source, document.version, document.position_codec
        path, anchor = self._lint_path(uri)
        loop = asyncio.get_running_loop()
        state, settings, error = await loop.run_in_executor(self._executor, self.settings_cache.resolve, anchor)
        if error is not None:
            self.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Error, message=f"mcplint: {error} (using default settings)"
            ))
        digest = hashlib.blake2b(digest_size=12)
        digest.update(state.encode("utf-8", "surrogatepass") + b"\0" + text.encode("utf-8", "surrogatepass"))
        result_id = digest.hexdigest()
        cached = self._results.get(uri)
        if cached is not None and cached.result_id == result_id:
            cached.version = version
            return cached
        parser = self._parsers.setdefault(uri, IncrementalParser()) if uri in self._open else None
        diagnostics = await loop.run_in_executor(self._executor, self._lint_job, text, path, uri, settings, codec,
                                                 parser)
        result = _Result(result_id, version, diagnostics)
        if uri in self._open:
            self._results[uri] = result
        return result

    def _lint_job(
        self, text: str, path: str, uri: str, settings: Settings, codec: PositionCodec,
        parser: IncrementalParser | None = None,
    ) -> list[types.Diagnostic]:
        """Runs in a worker thread: lint and convert. Never raises."""
        try:
            return lint_document(text, path, uri, settings, codec, parser)
        except Exception:  # noqa: BLE001 - the server must keep serving
            logger.exception("mcplint failed on %s", uri)
            return []

    # -- push -------------------------------------------------------------------------------

    def schedule(self, uri: str, delay: float = 0.0) -> None:
        """Lint ``uri`` after ``delay`` seconds and publish, replacing a pending run (push mode)."""
        if self.pull_mode:
            return
        self.cancel(uri)
        self._pending[uri] = asyncio.ensure_future(self._publish_later(uri, delay))

    def cancel(self, uri: str) -> None:
        """Drop a pending lint of ``uri``."""
        task = self._pending.pop(uri, None)
        if task is not None and not task.done():
            task.cancel()

    async def _publish_later(self, uri: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        result = await self.diagnose(uri)
        if uri not in self._open:
            return
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=result.diagnostics, version=result.version)
        )

    def forget(self, uri: str) -> None:
        """A document closed: cancel its lint, drop its cache and (push mode) clear its diagnostics."""
        self.cancel(uri)
        self._open.discard(uri)
        self._parsers.pop(uri, None)
        self._results.pop(uri, None)
        if not self.pull_mode:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def config_changed(self) -> None:
        """A ``pyproject.toml`` changed: reload settings and lint every open document again."""
        self.settings_cache.invalidate()
        if self.pull_mode:
            if get_capability(self.client_capabilities, "workspace.diagnostics.refresh_support", False):
                self.workspace_diagnostic_refresh(None)
            return
        for uri in sorted(self._open):
            self.schedule(uri)

    def shutdown_workers(self) -> None:
        """Cancel pending lints and stop the thread pool (on ``shutdown``)."""
        for uri in list(self._pending):
            self.cancel(uri)
        self._executor.shutdown(wait=False, cancel_futures=True)

    # -- code actions -----------------------------------------------------------------------

    def workspace_edit(self, uri: str, version: int | None, edits: list[types.TextEdit]) -> types.WorkspaceEdit:
        """A workspace edit of one document, versioned when the client supports document changes."""
        if get_capability(self.client_capabilities, "workspace.workspace_edit.document_changes", False):
            identifier = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(text_document=identifier, edits=edits)])
        return types.WorkspaceEdit(changes={uri: edits})

    def code_actions(self, params: types.CodeActionParams, result: _Result) -> list[types.CodeAction]:
        """Quick fixes for the diagnostics the request points at, plus fix-all when asked for."""
        uri = params.text_document.uri
        only = params.context.only
        wanted = {
            (str(d.code), _key(d.range.start), _key(d.range.end))
            for d in params.context.diagnostics
            if d.source == SOURCE
        }
        actions: list[types.CodeAction] = []
        if _kind_wanted(types.CodeActionKind.QuickFix, only):
            seen_noqa: set[tuple[str, int]] = set()
            for diagnostic in result.diagnostics:
                identity = (str(diagnostic.code), _key(diagnostic.range.start), _key(diagnostic.range.end))
                if identity not in wanted and not _overlaps(diagnostic.range, params.range):
                    continue
                data = diagnostic.data or {}
                fix = data.get("fix")
                if fix and fix["applicability"] != Applicability.DISPLAY_ONLY.value:
                    actions.append(types.CodeAction(
                        title=f"mcplint ({diagnostic.code}): {fix['title']}",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        is_preferred=fix["applicability"] == Applicability.SAFE.value,
                        edit=self.workspace_edit(uri, result.version, [_text_edit(e) for e in fix["edits"]]),
                    ))
                noqa = data.get("noqa")
                line_key = (str(diagnostic.code), diagnostic.range.start.line)
                if noqa and line_key not in seen_noqa:
                    seen_noqa.add(line_key)
                    actions.append(types.CodeAction(
                        title=f"Disable {diagnostic.code} for this line",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        edit=self.workspace_edit(uri, result.version, [_text_edit(noqa)]),
                    ))
        if _kind_wanted(FIX_ALL_KIND, only):
            edits = _safe_fix_edits(result.diagnostics)
            if edits:
                actions.append(types.CodeAction(
                    title="mcplint: Fix all auto-fixable problems",
                    kind=FIX_ALL_KIND,
                    edit=self.workspace_edit(uri, result.version, edits),
                ))
        return actions


def _safe_fix_edits(diagnostics: Iterable[types.Diagnostic]) -> list[types.TextEdit]:
    """The edits of every safe fix, skipping fixes that overlap one already taken."""
    fixes = []
    for diagnostic in diagnostics:
        fix = (diagnostic.data or {}).get("fix")
        if fix and fix["applicability"] == Applicability.SAFE.value and fix["edits"]:
            fixes.append([_text_edit(e) for e in fix["edits"]])
    fixes.sort(key=lambda edits: min(_key(e.range.start) for e in edits))
    taken: list[types.TextEdit] = []
    for edits in fixes:
        if any(_overlaps_strictly(e.range, t.range) for e in edits for t in taken):
            continue
        taken.extend(edits)
    return sorted(taken, key=lambda e: _key(e.range.start))


def _overlaps_strictly(a: types.Range, b: types.Range) -> bool:
    """Whether two edits' ranges conflict (touching ranges do not, unless both are insertions there)."""
    if _key(a.start) == _key(b.start):
        return True
    return _key(a.start) < _key(b.end) and _key(b.start) < _key(a.end)


def hover_for(line_text: str, character: int) -> tuple[str, int, int] | None:
    """The rule code under code-point column ``character`` of a ``# noqa: ...`` comment.

    Returns ``(code, start, end)`` (code-point columns) for a known code, else None.
    """
    for directive in _NOQA_CODES.finditer(line_text):
        offset = directive.start("codes")
        for match in _CODE.finditer(directive.group("codes")):
            start, end = offset + match.start(), offset + match.end()
            if start <= character <= end and match.group(0).upper() in RULES_BY_CODE:
                return match.group(0).upper(), start, end
    return None


def _is_config_uri(uri: str) -> bool:
    """Whether ``uri`` names a file mcplint may read its settings or the contract lockfile from."""
    return any(uri.endswith(f"/{name}") for name in WATCHED_FILE_NAMES)


def create_server() -> McplintLanguageServer:
    """A new server with every feature registered (not started)."""
    server = McplintLanguageServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: McplintLanguageServer, params: types.InitializeParams) -> None:
        """Choose pull or push diagnostics from what the client supports."""
        ls.pull_mode = get_capability(params.capabilities, "text_document.diagnostic") is not None

    @server.feature(types.INITIALIZED)
    async def initialized(ls: McplintLanguageServer, params: types.InitializedParams) -> None:
        """Ask the client to watch ``pyproject.toml`` files when it can register watchers."""
        if not get_capability(ls.client_capabilities, "workspace.did_change_watched_files.dynamic_registration", False):
            return
        registration = types.Registration(
            id="mcplint-watch-pyproject",
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=types.DidChangeWatchedFilesRegistrationOptions(
                watchers=[types.FileSystemWatcher(glob_pattern=f"**/{name}") for name in WATCHED_FILE_NAMES]
            ),
        )
        try:
            await ls.client_register_capability_async(types.RegistrationParams(registrations=[registration]))
        except Exception as exc:  # noqa: BLE001 - watching is a convenience
            logger.info("client did not register the pyproject.toml watcher: %s", exc)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: McplintLanguageServer, params: None) -> None:
        """Stop pending work."""
        ls.shutdown_workers()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: McplintLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        """Lint a newly opened Python document now."""
        uri = params.text_document.uri
        if ls.is_python(uri):
            ls._open.add(uri)
            ls.schedule(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: McplintLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        """Lint the buffer once the user pauses typing."""
        uri = params.text_document.uri
        if uri in ls._open:
            ls.schedule(uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    def did_save(ls: McplintLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        """Lint a saved document now; a saved ``pyproject.toml`` reloads the settings."""
        uri = params.text_document.uri
        if _is_config_uri(uri):
            ls.config_changed()
        elif uri in ls._open:
            ls.schedule(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: McplintLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        """Forget a closed document and clear its diagnostics."""
        if params.text_document.uri in ls._open:
            ls.forget(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: McplintLanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
        """Reload settings when a config file was created, changed or deleted; lint again
        when the contract lockfile did (the MCP7xx baseline)."""
        if any(_is_config_uri(change.uri) for change in params.changes):
            ls.config_changed()

    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(identifier=SOURCE, inter_file_dependencies=False, workspace_diagnostics=False),
    )
    async def pull_diagnostics(
        ls: McplintLanguageServer, params: types.DocumentDiagnosticParams
    ) -> types.RelatedFullDocumentDiagnosticReport | types.RelatedUnchangedDocumentDiagnosticReport:
        """Answer a pull: "unchanged" when the client already has this text's diagnostics."""
        uri = params.text_document.uri
        if uri not in ls._open or not ls.is_python(uri):  # never opened: its file may not exist
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        result = await ls.diagnose(uri)
        if params.previous_result_id == result.result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result.result_id)
        return types.RelatedFullDocumentDiagnosticReport(items=result.diagnostics, result_id=result.result_id)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND], resolve_provider=False
        ),
    )
    async def code_action(
        ls: McplintLanguageServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        """Disable-for-this-line, the rule's fix, and fix-all, from the current text's diagnostics."""
        uri = params.text_document.uri
        if uri not in ls._open or not ls.is_python(uri):  # never opened: its file may not exist
            return None
        return ls.code_actions(params, await ls.diagnose(uri)) or None

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: McplintLanguageServer, params: types.HoverParams) -> types.Hover | None:
        """The rule behind a code in a ``# noqa: ...`` comment."""
        if params.text_document.uri not in ls._open:  # never opened: its file may not exist
            return None
        document = ls.workspace.get_text_document(params.text_document.uri)
        lines = document_lines(document.source)
        if params.position.line >= len(lines):
            return None
        codec = document.position_codec
        column = codec.position_from_client_units(lines, params.position).character
        found = hover_for(_line_text(lines, params.position.line + 1), column)
        if found is None:
            return None
        code, start, end = found
        rule = RULES_BY_CODE[code]
        formats = get_capability(ls.client_capabilities, "text_document.hover.content_format", None) or []
        if types.MarkupKind.Markdown in formats:
            content = types.MarkupContent(
                kind=types.MarkupKind.Markdown,
                value=f"**{code}** `{rule.name}`\n\n{rule.summary}\n\n[Documentation]({rule_url(code)})",
            )
        else:
            content = types.MarkupContent(
                kind=types.MarkupKind.PlainText, value=f"{code} {rule.name}\n\n{rule.summary}\n\n{rule_url(code)}"
            )
        line = params.position.line + 1
        span = Span(Position(line, start), Position(line, end))
        return types.Hover(contents=content, range=_range(lines, codec, span))

    return server


def _one_line_errors(record: logging.LogRecord) -> bool:
    """A logging filter: pygls logs a whole traceback for a message it cannot decode
    (malformed JSON from the client); the exception's one line says enough in an editor's log."""
    if record.exc_info and record.exc_info[1] is not None:
        record.msg = f"{record.getMessage()}: {record.exc_info[1]}"
        record.args, record.exc_info, record.exc_text = None, None, None
    return True


def start_server() -> None:
    """Run the language server on stdin/stdout until the client says ``exit``, then leave at
    once: a lint still running in a worker thread must not keep the process alive (the
    interpreter would otherwise join that thread at exit). The exit code is 0 when a
    ``shutdown`` request came first, else 1 (LSP 3.17, "Exit Notification")."""
    server = create_server()
    logging.getLogger("pygls.server").addFilter(_one_line_errors)  # the logger pygls' reader loop uses
    try:
        # Framed by mcplint: pygls trusts every Content-Length header (mcplint.lsp_input).
        server.start_io(stdin=FramedInput(sys.stdin.buffer))  # returns once the client says ``exit``
    finally:
        code = 0 if getattr(server.protocol, "_shutdown", False) else 1
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # pygls closes stdout on exit
                pass
    os._exit(code)
