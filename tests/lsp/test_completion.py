"""Completion over stdio: the keys a kind allows at the cursor (with their descriptions), the
values of enumerations, and the files a reference may name (bundled and in the content tree)."""
from __future__ import annotations

import pytest
from lsprotocol import types

from .conftest import change_doc, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def complete(client, uri: str, line: int, character: int) -> list[types.CompletionItem]:
    got = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))
    return list(got.items) if got is not None else []


async def test_keys_of_a_list_item_minus_those_written(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    lines = path.read_text("utf-8").split("\n")
    at = lines.index("    army_effectiveness: 100")
    lines.insert(at + 1, "    ")
    uri = open_doc(client, path, "\n".join(lines))
    items = {i.label: i for i in await complete(client, uri, at + 1, 4)}
    assert set(items) == set()  # every key of a player is already written
    lines[at] = "    "  # army_effectiveness removed: it is offered, with its description
    change_doc(client, uri, "\n".join(lines), 2)
    items = {i.label: i for i in await complete(client, uri, at, 4)}
    assert list(items) == ["army_effectiveness"]
    assert items["army_effectiveness"].documentation.value
    assert items["army_effectiveness"].insert_text == "army_effectiveness: "


async def test_top_level_keys(client, tree):
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8").replace("description:", "descr:", 1)
    uri = open_doc(client, path, text)
    line = text.split("\n").index(next(l for l in text.split("\n") if l.startswith("descr:")))
    labels = [i.label for i in await complete(client, uri, line, 3)]
    assert "description" in labels and "kind" not in labels and "map" not in labels


async def test_enumeration_values(client, tree):
    path = tree / "kongbots" / "scout-raider.bot.yaml"
    text = path.read_text("utf-8").replace("chassis: scout", "chassis: ")
    uri = open_doc(client, path, text)
    line = text.split("\n").index("chassis: ")
    labels = [i.label for i in await complete(client, uri, line, len("chassis: "))]
    assert labels == ["scout", "warrior", "marauder"]
    booleans = tree / "pendulous" / "duel.scn.yaml"
    text = booleans.read_text("utf-8").replace("naval_invasions: false", "naval_invasions: ")
    uri = open_doc(client, booleans, text)
    line = text.split("\n").index("  naval_invasions: ")
    assert [i.label for i in await complete(client, uri, line, len("  naval_invasions: "))] == ["true", "false"]


async def test_reference_names_bundled_and_in_the_content_tree(client, tree):
    (tree / "pendulous" / "house").mkdir(exist_ok=True)
    (tree / "pendulous" / "house" / "fast.rules.yaml").write_text(
        (tree / "pendulous" / "default.rules.yaml").read_text("utf-8"), "utf-8")
    path = tree / "pendulous" / "duel.scn.yaml"
    text = path.read_text("utf-8").replace("ruleset: default", "ruleset: ")
    uri = open_doc(client, path, text)
    line = text.split("\n").index("ruleset: ")
    items = await complete(client, uri, line, len("ruleset: "))
    labels = [i.label for i in items]
    assert "default" in labels  # the bundled name
    assert "house/fast.rules.yaml" in labels  # relative to the buffer's folder
    assert "default.rules.yaml" in labels  # the copy beside it, as a path
    assert all(not l.endswith(".scn.yaml") for l in labels)  # only files of the right kind


async def test_values_inside_a_flow_list(client, tree):
    path = tree / "kongbots" / "scout-raider.bot.yaml"
    text = path.read_text("utf-8").replace("[ML, Lr, Ro, Ro, Ro, Ls]", "[ML, ")
    uri = open_doc(client, path, text)
    line = text.split("\n").index("  - [ML, ")
    labels = [i.label for i in await complete(client, uri, line, len("  - [ML, "))]
    assert {"ML", "Lr", "Ro", "--"} <= set(labels)
