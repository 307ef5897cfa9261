"""The language server under test: `python -m gridsmith lsp` in a subprocess, driven over stdio by
pytest-lsp's client (a real client: the protocol's JSON-RPC both ways). One server per test module, on
a content tree copied from the bundled content."""
from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """A content tree: Pendulous and Kongbots files of the bundled content, in folders of their own."""
    root = tmp_path_factory.mktemp("content")
    for game in ("pendulous", "kongbots", "pyramids"):
        shutil.copytree(ROOT / "content" / game, root / game)
    return root


@pytest_lsp.fixture(scope="module",
                    config=ClientServerConfig(server_command=[sys.executable, "-m", "gridsmith", "lsp"]))
async def client(lsp_client: LanguageClient, tree: Path):
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:  # the server asks to watch files
        lsp_client.registered = params.registrations

    features = lsp_client.protocol.fm.features  # pytest-lsp's own handler keeps the diagnostics
    keep = features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def published(*args):  # and this one each publication, by buffer and version, in order
        keep(*args)
        params = args[-1]
        _state["seq"] += 1
        _published[(params.uri, params.version)] = (_state["seq"], list(params.diagnostics))

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = published

    caps = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)),
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            completion=types.CompletionClientCapabilities(completion_item=types.ClientCompletionItemOptions(
                documentation_format=[types.MarkupKind.Markdown])),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True)))
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=caps, root_uri=tree.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=tree.as_uri(), name="content")]))
    yield
    await lsp_client.shutdown_session()


async def diagnostics_for(client: LanguageClient, uri: str, version: int, timeout: float = 30) -> list[types.Diagnostic]:
    """The diagnostics the server published for `uri` at `version` of the text last opened (waiting
    for them). A late publication about an earlier opening of the same file never answers: each
    opening numbers its versions afresh (`open_doc`)."""
    key = (uri, _base.get(uri, 0) + version)

    async def wait() -> list[types.Diagnostic]:
        while key not in _published or _published[key][0] <= _after.get(uri, 0):
            await asyncio.sleep(0.01)
        return _published[key][1]
    return await asyncio.wait_for(wait(), timeout)


#: per buffer, what its versions are counted from (a new opening starts a new thousand)
_base: dict[str, int] = {}
#: the publications: (uri, version) -> (their order, diagnostics); a wait takes only later ones
_published: dict[tuple[str, int | None], tuple[int, list[types.Diagnostic]]] = {}
_after: dict[str, int] = {}
_state = {"seq": 0}


def expect_again(uri: str) -> None:
    """The next diagnostics of `uri` are awaited afresh (a re-check of the same version)."""
    _after[uri] = _state["seq"]


def open_doc(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    uri = path.as_uri()
    _base[uri] = _base.get(uri, 0) + 1000  # what the server said about this buffer before is not about this text
    _after[uri] = _state["seq"]
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="yaml", version=_base[uri] + version,
        text=path.read_text("utf-8") if text is None else text)))
    return uri


def change_doc(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=_base.get(uri, 0) + version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    """The position of the first `needle` in `text`, `offset` characters into it."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return types.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))
