"""Diagnostics over stdio: on open, on change (debounced, the unsaved text), with code, severity,
range and the code's documentation link; a referenced file changing on disk re-checks its referrer."""
from __future__ import annotations

import pytest
from lsprotocol import types

from .conftest import change_doc, diagnostics_for, expect_again, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_a_clean_file_has_no_diagnostics(client, tree):
    uri = open_doc(client, tree / "pendulous" / "duel.scn.yaml")
    assert await diagnostics_for(client, uri, 1) == []


async def test_an_unsaved_typo_is_reported_with_code_range_and_link(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8")
    uri = open_doc(client, path, version=1)
    await diagnostics_for(client, uri, 1)
    change_doc(client, uri, text.replace("  turns: 12", "  turnz: 12"), 2)
    found = await diagnostics_for(client, uri, 2)
    unknown = next(d for d in found if d.code == "S301")
    line = text.split("\n").index("  turns: 12")
    assert unknown.range == types.Range(start=types.Position(line=line, character=2),
                                        end=types.Position(line=line, character=7))  # the key `turnz`
    assert unknown.severity == types.DiagnosticSeverity.Error
    assert "did you mean 'turns'" in unknown.message
    assert unknown.code_description.href.endswith("docs/formats.md#structure-s3xx") or \
        "docs/formats.md#" in unknown.code_description.href
    assert unknown.source == "gridsmith"
    assert path.read_text("utf-8") == text  # the file on disk is not what was checked


async def test_semantic_checks_and_lints_of_the_buffer(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8")
    uri = open_doc(client, path, version=1)
    # every city of seat 2 (B) turned into seat 1's: a player without a city
    change_doc(client, uri, text.replace("B", "A"), 3)
    found = await diagnostics_for(client, uri, 3)
    assert any(d.code.startswith("PND") for d in found), [d.code for d in found]


async def test_a_grid_cell_is_one_character(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8")
    uri = open_doc(client, path, version=1)
    change_doc(client, uri, text.replace('"~1A111222222"', '"~1A11X222222"'), 4)
    found = await diagnostics_for(client, uri, 4)
    bad = [d for d in found if d.range.start.character == text.split("\n")[
        next(i for i, l in enumerate(text.split("\n")) if "~1A111222222" in l)].index("~1A") + 5]
    assert bad, [(d.code, d.range) for d in found]
    assert bad[0].range.end.character - bad[0].range.start.character == 1


async def test_a_broken_reference_is_rechecked_when_the_file_appears(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8").replace("ruleset: default", "ruleset: house.rules.yaml")
    uri = open_doc(client, path, text, version=1)
    found = await diagnostics_for(client, uri, 1)
    assert [d.code for d in found] == ["R601"]
    target = tree / "pendulous" / "house.rules.yaml"
    target.write_text((tree / "pendulous" / "default.rules.yaml").read_text("utf-8"), "utf-8")
    client.protocol.notify(types.WORKSPACE_DID_CHANGE_WATCHED_FILES, types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=target.as_uri(), type=types.FileChangeType.Created)]))
    expect_again(uri)
    assert await diagnostics_for(client, uri, 1) == []
    # the referenced file breaks on disk: its referrer says so
    target.write_text("kind: pendulous.ruleset\nversion: 1\nnonsense: 3\n", "utf-8")
    expect_again(uri)
    client.protocol.notify(types.WORKSPACE_DID_CHANGE_WATCHED_FILES, types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=target.as_uri(), type=types.FileChangeType.Changed)]))
    assert [d.code for d in await diagnostics_for(client, uri, 1)] == ["R610"]


async def test_other_yaml_is_not_served(client, tree):
    path = tree / "deploy.yaml"
    path.write_text("kind: Deployment\napiVersion: apps/v1\n", "utf-8")
    uri = open_doc(client, path)
    assert await diagnostics_for(client, uri, 1) == []
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=1)))
    assert hover is None


async def test_save_checks_again(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    uri = open_doc(client, path)
    assert await diagnostics_for(client, uri, 1) == []
    expect_again(uri)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert await diagnostics_for(client, uri, 1) == []
