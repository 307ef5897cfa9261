"""Hover over stdio: a key's description from the model, a diagnostic's code documentation, a
reference's target and first lines, a grid cell's alphabet entry and coordinate."""
from __future__ import annotations

import pytest
from lsprotocol import types

from .conftest import change_doc, diagnostics_for, open_doc, position_of

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def hover(client, uri: str, pos: types.Position) -> str | None:
    got = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos))
    return got.contents.value if got is not None else None


async def test_a_key_shows_its_description(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8")
    uri = open_doc(client, path)
    await diagnostics_for(client, uri, 1)
    shown = await hover(client, uri, position_of(text, "reinforcement_rate", 3))
    assert shown.startswith("**reinforcement_rate**")
    assert "Armies" in shown or "armies" in shown
    naval = await hover(client, uri, position_of(text, "naval_invasions", 2))
    assert "naval_invasions" in naval


async def test_a_diagnostic_shows_its_code_documentation(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8").replace("  turns: 12", "  turnz: 12")
    uri = open_doc(client, path, text)
    await diagnostics_for(client, uri, 1)
    shown = await hover(client, uri, position_of(text, "turnz", 1))
    assert "**S301**" in shown and "docs/formats.md#" in shown


async def test_a_reference_shows_its_file_and_first_lines(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8")
    uri = open_doc(client, path)
    shown = await hover(client, uri, position_of(text, "ruleset: default", 10))
    assert "default.rules.yaml" in shown
    assert "kind: pendulous.ruleset" in shown


async def test_a_grid_cell_shows_its_meaning_and_coordinate(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8")
    uri = open_doc(client, path)
    # `"~1A111222222"` is row 2 of the map; the A is its third character
    shown = await hover(client, uri, position_of(text, '"~1A111222222"', 3))
    assert "column 3, row 2" in shown
    assert "city of seat" in shown


async def test_nothing_to_say_is_no_hover(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    uri = open_doc(client, path)
    assert await hover(client, uri, types.Position(line=0, character=0)) is None
