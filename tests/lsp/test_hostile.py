"""Broken buffers: binary, huge, control characters, deep nesting, a half-typed line. The server
answers every one with diagnostics (or nothing) and keeps serving; then it shuts down cleanly."""
from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

from .conftest import change_doc, diagnostics_for, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")

HEAD = "kind: pendulous.scenario\nversion: 1\n"


async def still_answers(client, uri: str) -> None:
    for line, character in ((0, 0), (1, 3), (10_000, 5)):
        pos = types.Position(line=line, character=character)
        doc = types.TextDocumentIdentifier(uri=uri)
        await client.text_document_hover_async(types.HoverParams(text_document=doc, position=pos))
        await client.text_document_completion_async(types.CompletionParams(text_document=doc, position=pos))
        await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=pos))


@pytest.mark.parametrize("text, code", [
    (HEAD + "name: a\x00b\n", "Y101"),  # a NUL: binary data
    (HEAD + "name: \ud800\n", "Y101"),  # a lone surrogate: not UTF-8
    (HEAD + "name: " + "x" * (1024 * 1024 + 10) + "\n", "Y108"),  # over the size limit
    (HEAD + "name: \x1b[31mred\x07\n", None),  # control characters
    (HEAD + "map: " + "[" * 500 + "]" * 500 + "\n", None),  # nesting far too deep
    (HEAD + "players:\n  - name: [\n    - : :\n", None),  # a half-typed line
    ("\t\t- :\n\x7f\u202e", None),  # no kind at all
])
async def test_a_hostile_buffer_gets_diagnostics_and_the_server_lives(client, tree, text, code):
    path = tree / "hostile.scn.yaml"
    uri = open_doc(client, path, text)
    found = await diagnostics_for(client, uri, 1, timeout=60)
    assert found, "a broken buffer has at least one diagnostic"
    if code is not None:
        assert [d.code for d in found] == [code]
    for d in found:
        assert "\x1b" not in d.message and "\x00" not in d.message
    await still_answers(client, uri)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def test_many_changes_in_a_row_end_with_the_last_one_checked(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    good = path.read_text("utf-8")
    uri = open_doc(client, path)
    for v in range(2, 30):
        change_doc(client, uri, good.replace("  turns: 12", f"  turn{v}: 12"), v)
    change_doc(client, uri, good, 30)
    assert await diagnostics_for(client, uri, 30) == []


async def test_shutdown_and_exit(client):
    """Last in the module: the fixture's own shutdown then finds the session over."""
    await asyncio.wait_for(client.shutdown_session(), 30)
    assert client._server.returncode == 0
    client.capabilities = None  # shut down already: the fixture's teardown sends nothing more
