"""The Gridsmith language server (`gridsmith lsp`): the project's own diagnostics, completion, hover,
go to definition and quick fixes in any editor that speaks the Language Server Protocol, on stdio.

Built on pygls (the protocol, the documents the client keeps in sync); what the server knows about a
buffer is gridsmith.lsp_analysis. Only buffers of Gridsmith kinds are served (lsp_analysis.is_gridsmith):
other YAML gets no diagnostics and no answers, so the server sits beside the YAML language server.

Checking runs in one worker thread, never on the protocol's loop: a hostile buffer (a megabyte of
tiny nodes) takes seconds, and the server keeps answering meanwhile; a check whose buffer changed
again before it started is skipped. Changes are debounced (`DEBOUNCE_S`); open and save check at once.
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from gridsmith.formats import config
from gridsmith.formats.codes import describe
from gridsmith.formats.diagnostics import Diagnostic, Severity
from gridsmith.formats.loader import round_trip_yaml, to_plain
from gridsmith.formats.locate import Locator
from gridsmith.formats.session import real_path
from gridsmith.formats.suggestions import did_you_mean, fix_for, token_span

from . import __version__
from . import lsp_analysis as A
from .cmd_validate import register_engine_checks

log = logging.getLogger(__name__)

#: quiet time after a keystroke before the buffer is checked
DEBOUNCE_S = 0.2
SOURCE = "gridsmith"


@dataclass
class Checked:
    """The last check of one buffer: its diagnostics with their ranges, and the files it read."""

    version: int | None
    diagnostics: list[tuple[Diagnostic, A.Span]] = field(default_factory=list)
    depends_on: set[Path] = field(default_factory=set)


class GridsmithServer(LanguageServer):
    def __init__(self, debounce: float = DEBOUNCE_S) -> None:
        super().__init__("gridsmith", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.debounce = debounce
        self.checked: dict[str, Checked] = {}
        self.pending: dict[str, asyncio.Task[None]] = {}
        #: one thread: checks run one after another, off the protocol's loop
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gridsmith-check")

    # --- documents ---------------------------------------------------------------------------------

    def document(self, uri: str) -> tuple[str, Path | None] | None:
        """(text, file) of a served buffer; None for buffers of other kinds."""
        doc = self.workspace.get_text_document(uri)
        text = doc.source
        name = doc.path or uri
        if not A.is_gridsmith(text, name):
            return None
        return text, (Path(doc.path) if uri.startswith("file:") and doc.path else None)

    def roots(self) -> list[Path]:
        out = []
        for folder in self.workspace.folders.values():
            path = to_fs_path(folder.uri)
            if path:
                out.append(Path(path))
        if not out and self.workspace.root_path:
            out.append(Path(self.workspace.root_path))
        return out

    def schedule(self, uri: str, delay: float) -> None:
        old = self.pending.pop(uri, None)
        if old is not None:
            old.cancel()
        self.pending[uri] = asyncio.ensure_future(self._check_later(uri, delay))

    async def _check_later(self, uri: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        doc = self.workspace.text_documents.get(uri)
        if doc is None:
            return
        version = doc.version
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(self.worker, self._check, uri, version)
        if result is None:  # superseded or closed meanwhile
            return
        current = self.workspace.text_documents.get(uri)
        if current is None or current.version != version:
            return
        self.checked[uri] = result
        self.publish(uri, result)

    def _check(self, uri: str, version: int | None) -> Checked | None:
        """The check itself (in the worker thread); never raises: a bug is a diagnostic, not a dead server."""
        doc = self.workspace.text_documents.get(uri)
        if doc is None or doc.version != version:
            return None
        served = self.document(uri)
        if served is None:
            return Checked(version)
        text, file = served
        try:
            diagnostics, deps = A.check_buffer_with_deps(text, file, self.roots())
        except Exception as e:  # noqa: BLE001 - a bug in a check must not take the server down
            log.exception("checking %s", uri)
            diagnostics = [Diagnostic(str(file or uri), 1, 1, Severity.ERROR, "",  # no code: not a content problem
                                      f"gridsmith lsp: internal error while checking: {type(e).__name__}: {e} "
                                      "(a bug: please report it)")]
            deps = set()
        lines = text.split("\n")
        return Checked(version, [(d, A.span_of(d, lines)) for d in diagnostics], deps)

    def publish(self, uri: str, checked: Checked) -> None:
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=checked.version, diagnostics=[to_lsp(d, s) for d, s in checked.diagnostics]))

    def forget(self, uri: str) -> None:
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        self.checked.pop(uri, None)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def to_lsp(d: Diagnostic, span: A.Span) -> types.Diagnostic:
    doc = describe(d.code)
    return types.Diagnostic(
        range=lsp_range(span),
        message=d.message,
        severity=types.DiagnosticSeverity.Error if d.is_error else types.DiagnosticSeverity.Warning,
        code=d.code or None,
        code_description=types.CodeDescription(href=doc.url) if doc is not None else None,
        source=SOURCE,
    )


def lsp_range(span: A.Span) -> types.Range:
    return types.Range(start=types.Position(line=span.line, character=span.start),
                       end=types.Position(line=span.end_line, character=span.end))


# --- the features -----------------------------------------------------------------------------------


def create(debounce: float = DEBOUNCE_S) -> GridsmithServer:
    """A server with every feature registered (the tests start one over stdio, `gridsmith lsp` too)."""
    register_engine_checks()  # as `gridsmith validate`: a saved game must replay
    server = GridsmithServer(debounce)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: GridsmithServer, params: types.InitializedParams) -> None:
        caps = ls.client_capabilities.workspace
        watched = caps.did_change_watched_files if caps is not None else None
        if watched is not None and watched.dynamic_registration:
            options = types.DidChangeWatchedFilesRegistrationOptions(
                watchers=[types.FileSystemWatcher(glob_pattern="**/*.{yaml,yml}"),
                          types.FileSystemWatcher(glob_pattern="**/{gridsmith,pyproject}.toml")])
            try:
                await ls.client_register_capability_async(types.RegistrationParams(registrations=[
                    types.Registration(id="gridsmith-watch", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                       register_options=options)]))
            except Exception:  # noqa: BLE001 - a client that refuses still gets checks on open and save
                log.info("the client did not register the file watcher")

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: GridsmithServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: GridsmithServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, ls.debounce)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: GridsmithServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: GridsmithServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: GridsmithServer, params: types.DidChangeWatchedFilesParams) -> None:
        changed = {real_path(Path(p)) for c in params.changes if (p := to_fs_path(c.uri))}
        if any(p.name in config.CONFIG_NAMES for p in changed):  # a project configuration: check everything again
            config.clear_cache()
            for uri in list(ls.checked):
                ls.schedule(uri, 0)
            return
        for uri, checked in list(ls.checked.items()):
            names_one = bool(checked.depends_on & changed)
            broken_ref = any(d.code.startswith("R6") for d, _ in checked.diagnostics)
            if names_one or broken_ref:  # a missing file may just have been created
                ls.schedule(uri, 0)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: GridsmithServer, params: types.HoverParams) -> types.Hover | None:
        return _guarded(lambda: _hover(ls, params))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[":", " ", "/", "-"]))
    def completion(ls: GridsmithServer, params: types.CompletionParams) -> types.CompletionList | None:
        return _guarded(lambda: _completion(ls, params))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: GridsmithServer, params: types.DefinitionParams) -> types.Location | None:
        return _guarded(lambda: _definition(ls, params))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(ls: GridsmithServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        return _guarded(lambda: _code_actions(ls, params))

    return server


def _guarded(answer: Any) -> Any:
    """A request's answer, or no answer when a bug throws: the editor shows nothing, the server lives."""
    try:
        return answer()
    except Exception:  # noqa: BLE001
        log.exception("answering a request")
        return None


def _buffer(ls: GridsmithServer, uri: str) -> tuple[str, list[str], Path | None, str] | None:
    """(text, lines, file, kind) of a served buffer whose kind is registered."""
    served = ls.document(uri)
    if served is None:
        return None
    text, file = served
    spec = A.spec_of(text)
    if spec is None:
        return None
    return text, text.split("\n"), file, spec.kind


def _hover(ls: GridsmithServer, params: types.HoverParams) -> types.Hover | None:
    uri, pos = params.text_document.uri, params.position
    parts: list[str] = []
    for d, span in (ls.checked.get(uri) or Checked(None)).diagnostics:
        if span.contains(pos.line, pos.character):
            doc = describe(d.code)
            if doc is not None:
                parts.append(f"**{d.code}** ({doc.severity}): {doc.meaning}\n\n[{doc.section}]({doc.url})")
    got = _buffer(ls, uri)
    if got is not None:
        text, lines, file, kind = got
        parts += _hover_content(lines, pos.line, pos.character, file, kind)
    if not parts:
        return None
    caps = ls.client_capabilities.text_document
    formats = caps.hover.content_format if caps is not None and caps.hover is not None else None
    return types.Hover(contents=_markup("\n\n---\n\n".join(parts), formats))


def _hover_content(lines: list[str], line: int, character: int, file: Path | None, kind: str) -> list[str]:
    cell = A.grid_cell(lines, line, character, kind)
    if cell is not None:
        key, (x, y), char = cell
        grid = A.parents(lines, line, A.shape(lines[line]).dashes[-1] + 1)[:-1]  # the grid's key, not its row
        description = A.schema_at(kind, grid).get("description", "")
        meaning = A.cell_meaning(description, char) or f"`{char}`"
        return [f"**{A.cell_label((x, y))}** of `{key}`: {meaning}"]
    under = A.reference_under(lines, line, character, kind)
    if under is not None:
        ref, value = under
        target = A.resolve_reference(value, ref, file)
        if target is None:
            return [f"{ref.label} `{value}`: no such file"]
        return [f"{ref.label} → `{target}`\n\n```yaml\n{A.first_lines(target)}\n```"]
    cur = A.cursor_at(lines, line, character)
    if cur.key is None:
        return []
    path = (*cur.path, cur.key)
    node = A.schema_at(kind, path)
    text = A.describe_schema(node)
    return [f"**{cur.key}**: {text}"] if text else []


def _completion(ls: GridsmithServer, params: types.CompletionParams) -> types.CompletionList | None:
    got = _buffer(ls, params.text_document.uri)
    if got is None:
        return None
    _text, lines, file, kind = got
    pos = params.position
    cur = A.cursor_at(lines, pos.line, pos.character)
    items: list[types.CompletionItem] = []
    if cur.on == "key":
        col = pos.character - len(cur.word)
        present = A.sibling_keys(lines, pos.line, col)
        for key, node in A.properties(kind, cur.path).items():
            if key in present:
                continue
            items.append(types.CompletionItem(
                label=key, kind=types.CompletionItemKind.Property, detail=node.get("title"),
                documentation=_markup(A.describe_schema(node), _completion_formats(ls)), insert_text=f"{key}: "))
    else:
        path = cur.value_path
        ref = A.reference_at(kind, path)
        if ref is not None:
            for name, what in A.reference_choices(ref, file, ls.roots()):
                items.append(types.CompletionItem(label=name, kind=types.CompletionItemKind.File, detail=what))
        for v in A.values(A.schema_at(kind, path)):
            items.append(types.CompletionItem(label=A.yaml_scalar(v), kind=types.CompletionItemKind.EnumMember))
    return types.CompletionList(is_incomplete=False, items=items)


def _markup(text: str, formats: Any) -> types.MarkupContent | None:
    """Markdown for a client that reads it (or says nothing), plain text for one that asks for it."""
    if not text:
        return None
    plain = formats is not None and types.MarkupKind.Markdown not in formats
    return types.MarkupContent(kind=types.MarkupKind.PlainText if plain else types.MarkupKind.Markdown, value=text)


def _completion_formats(ls: GridsmithServer) -> Any:
    caps = ls.client_capabilities.text_document
    item = caps.completion.completion_item if caps is not None and caps.completion is not None else None
    return item.documentation_format if item is not None else None


def _definition(ls: GridsmithServer, params: types.DefinitionParams) -> types.Location | None:
    got = _buffer(ls, params.text_document.uri)
    if got is None:
        return None
    _text, lines, file, kind = got
    under = A.reference_under(lines, params.position.line, params.position.character, kind)
    target = A.resolve_reference(under[1], under[0], file) if under is not None else None
    if target is None:
        return None
    start = types.Position(line=0, character=0)
    return types.Location(uri=from_fs_path(str(target)) or target.as_uri(), range=types.Range(start=start, end=start))


def _code_actions(ls: GridsmithServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    got = _buffer(ls, uri)
    if got is None:
        return None
    text, lines, _file, _kind = got
    out: list[types.CodeAction] = []
    for d in params.context.diagnostics:
        if d.source != SOURCE:  # another server's finding (the YAML language server's)
            continue
        meant = did_you_mean(d.message)
        if meant is not None:
            out.append(_action(f"Replace with '{meant}'", uri, d, [types.TextEdit(range=d.range, new_text=meant)]))
        declared = _declared_fix(ls, uri, text, lines, d)
        if declared is not None:
            out.append(_action(declared[0], uri, d, declared[1]))
    return out


def _action(title: str, uri: str, d: types.Diagnostic, edits: list[types.TextEdit]) -> types.CodeAction:
    return types.CodeAction(title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[d], is_preferred=True,
                            edit=types.WorkspaceEdit(changes={uri: edits}))


def _declared_fix(ls: GridsmithServer, uri: str, text: str, lines: list[str],
                  d: types.Diagnostic) -> tuple[str, list[types.TextEdit]] | None:
    """The fix a game declares for the finding (formats.suggestions.declare_fix), as edits of the buffer."""
    declared = fix_for(d.code) if isinstance(d.code, str) else None
    checked = ls.checked.get(uri)
    if declared is None or checked is None:
        return None
    start = (d.range.start.line, d.range.start.character)
    found = next((f for f, span in checked.diagnostics if f.code == d.code and (span.line, span.start) == start), None)
    if found is None:
        return None
    try:
        tree = round_trip_yaml().load(text)  # the positions only: the finding is already known
    except Exception:  # noqa: BLE001 - the buffer changed into something unreadable meanwhile
        return None
    title, fix = declared
    locator = Locator(tree, text)
    edits = []
    for path, new_text in fix(to_plain(tree), found.path):
        line, col = locator.position(path)
        a, b = token_span(lines[line - 1], col - 1)
        edits.append(types.TextEdit(range=types.Range(start=types.Position(line=line - 1, character=a),
                                                      end=types.Position(line=line - 1, character=b)),
                                    new_text=new_text))
    return (title, edits) if edits else None


def serve(debounce: float = DEBOUNCE_S) -> None:
    """Serve on stdio until the client says exit."""
    create(debounce).start_io()
