"""Go to definition on a reference, and the quick fixes: an unknown key with a close match, a
Kongbots build over a module limit (the designer's one-click fix, as an edit of the buffer)."""
from __future__ import annotations

import pytest
from lsprotocol import types

from .conftest import diagnostics_for, open_doc, position_of

pytestmark = pytest.mark.asyncio(loop_scope="module")


def apply(text: str, edits: list[types.TextEdit]) -> str:
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert e.range.start.line == e.range.end.line
        src = lines[e.range.start.line]
        lines[e.range.start.line] = src[:e.range.start.character] + e.new_text + src[e.range.end.character:]
    return "\n".join(lines)


async def actions(client, uri: str, diagnostics: list[types.Diagnostic]) -> list[types.CodeAction]:
    got = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics)))
    return list(got or [])


async def test_definition_opens_the_referenced_file(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8")
    uri = open_doc(client, path)
    got = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, "ruleset: default", 11)))
    assert got.uri.endswith("/default.rules.yaml")
    assert got.uri != (tree / "pendulous" / "default.rules.yaml").as_uri()  # a bundled name: bundled content
    relative = text.replace("ruleset: default", "ruleset: ./default.rules.yaml")
    uri = open_doc(client, path, relative)
    got = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(relative, "./default", 3)))
    assert got.uri == (tree / "pendulous" / "default.rules.yaml").as_uri()
    none = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(relative, "name:", 1)))
    assert none is None


async def test_quick_fix_for_an_unknown_key(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    good = path.read_text("utf-8")
    text = good.replace("  turns: 12", "  turnz: 12")
    uri = open_doc(client, path, text)
    found = [d for d in await diagnostics_for(client, uri, 1) if d.code == "S301"]
    fixes = await actions(client, uri, found)
    assert [a.title for a in fixes] == ["Replace with 'turns'"]
    assert fixes[0].kind == types.CodeActionKind.QuickFix
    assert apply(text, fixes[0].edit.changes[uri]) == good


async def test_quick_fix_for_a_kongbots_build_over_a_limit(client, tree):
    path = tree / "kongbots" / "scout-raider.bot.yaml"
    text = path.read_text("utf-8").replace("[ML, Lr, Ro, Ro, Ro, Ls]", "[ML, ML, Lr, ML, Ro, Ls]")
    uri = open_doc(client, path, text)
    found = await diagnostics_for(client, uri, 1)
    assert [d.code for d in found] == ["KB404"]
    fixes = await actions(client, uri, found)
    assert [a.title for a in fixes] == ["Empty the modules beyond the limit"]
    fixed = apply(text, fixes[0].edit.changes[uri])
    assert "[ML, --, Lr, --, Ro, Ls]" in fixed
