"""Identifier hygiene in every game (issue 28, "look-alike ids"): an id, a name used as a reference or
a Kongbots call sign that holds an invisible or look-alike character is refused where it is (S308),
and two that differ only by such a character are the game's duplicates."""
from __future__ import annotations

from pathlib import Path

import pytest

from gridsmith.formats.identifiers import look_alike, same_key
from gridsmith.formats.loader import load_text, validate_file

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
ZW = "\u200b"  # zero-width space

#: (bundled file, text to replace, its replacement, the look-alike as written, quotes included): one
#: id, reference or call sign of each game
CASES = {
    "pendulous player name": ("pendulous/duel.scn.yaml", "name: Red Army", f"name: Red{ZW} Army", f"Red{ZW} Army"),
    "pendulous ruleset": ("pendulous/duel.scn.yaml", "ruleset: default", "ruleset: ｄefault", "ｄefault"),
    "pyramids setup entry": ("pyramids/sample.scn.yaml", "library: default", f"library: default{ZW}", f"default{ZW}"),
    "pyramids setup name": ("pyramids/default.setups.yaml", "- name: Corner fortress", "- name: Corner\u00a0fortress",
                            "Corner\u00a0fortress"),
    "circuitwar ruleset": ("circuitwar/duel.scn.yaml", "ruleset: default", f"ruleset: def{ZW}ault", f"def{ZW}ault"),
    "pendulum space id": ("pendulum/default.board.yaml", "{id: p-top-1,", f"{{id: p-top{ZW}-1,", f"p-top{ZW}-1"),
    "pendulum adjacent space": ("pendulum/default.board.yaml", "adjacent: [p-top-2]}", "adjacent: [p-top-２]}",
                                "p-top-２"),
    "pendulum leader": ("pendulum/duel.scn.yaml", "{leader: bolk,", f"{{leader: bo{ZW}lk,", f"bo{ZW}lk"),
    "kongbots team name": ("kongbots/scout-duel.scn.yaml", "- name: Blue", f"- name: Blue{ZW}", f"Blue{ZW}"),
    "kongbots call sign": ("kongbots/scout-duel.scn.yaml", "{build: scout-sniper}",
                           "{build: scout-sniper, name: \"Ｓniper\"}", '"Ｓniper"'),
    "kongbots build": ("kongbots/scout-duel.scn.yaml", "{build: scout-sniper}", f"{{build: scout-{ZW}sniper}}",
                       f"scout-{ZW}sniper"),
}


def _position(text: str, needle: str) -> tuple[int, int]:
    at = text.index(needle)
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_look_alike_is_refused_where_it_is(case):
    name, old, new, value = CASES[case]
    text = (CONTENT / name).read_text("utf-8")
    assert old in text, old
    text = text.replace(old, new, 1)
    found = [d for d in load_text(text, str(CONTENT / name)).diagnostics if d.code == "S308"]
    assert found, case
    line, col = _position(text, value)
    assert (found[0].line, found[0].col) == (line, col), found[0].format_text()
    assert found[0].is_error and "must not look like another" in found[0].message


def test_validate_and_the_editor_reader_agree(tmp_path):
    name, old, new, _ = CASES["kongbots team name"]
    path = CONTENT / "kongbots" / "x-look-alike.scn.yaml"
    text = (CONTENT / name).read_text("utf-8").replace(old, new, 1)
    try:
        path.write_text(text, "utf-8")
        fast = [(d.code, d.line, d.col) for d in validate_file(path)]
    finally:
        path.unlink()
    full = [(d.code, d.line, d.col) for d in load_text(text, str(path)).diagnostics]
    assert fast == full and any(c == "S308" for c, _, _ in fast)


@pytest.mark.parametrize("name, old, new, code", [
    ("pendulous/duel.scn.yaml", "name: Gray Army", "name: Ｒed Army", "PND410"),  # NFKC: the same as Red Army
    ("kongbots/scout-duel.scn.yaml", "- name: Blue", f"- name: R{ZW}ed", "KB425"),
    ("pyramids/default.setups.yaml", "- name: Central tomb", f"- name: Corner{ZW} fortress", "PYR411"),
    ("pendulum/default.board.yaml", "{id: p-top-2,", "{id: p-top-１,", "PNM413"),
    ("pendulum/duel.scn.yaml", "{leader: bolk,", "{leader: gamｂal,", "PNM452"),
])
def test_look_alikes_are_duplicates(name, old, new, code):
    text = (CONTENT / name).read_text("utf-8")
    assert old in text, old
    text = text.replace(old, new, 1)
    found = {d.code for d in load_text(text, str(CONTENT / name)).diagnostics if d.is_error}
    assert {"S308", code} <= found, found


def test_what_is_a_look_alike():
    assert look_alike("p-top-1") is None and look_alike("Red Army") is None and look_alike("Zürich") is None
    assert look_alike(f"a{ZW}b") == (1, "an invisible character (U+200B)")
    assert look_alike("ａb")[0] == 0 and "reads as 'a'" in look_alike("ａb")[1]
    assert look_alike("x\ufe0f")[0] == 1  # a variation selector draws nothing
    assert look_alike("a\u00a0b")[0] == 1  # a non-breaking space reads as a space
    assert same_key("ｐrov\u200d-01") == same_key("prov-01")
