"""The Kongbots team builder in the scenario editor: each team's Kongbots picked from the known builds,
reordered, made leader (the first row, starred), given call signs and removed, each change one undo
step; the class of the battle and the building restriction shown live, from the formats' own scenario
check, on the offending row and under its team. Screenshot: kongbots-teams.png."""
from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt

from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import ROOT, open_in_editor, wait_validated
from gridsmith.formats.loader import load_file

CONTENT = ROOT / "content" / "kongbots"


@pytest.fixture
def ed(qtbot, tmp_path):
    for f in CONTENT.iterdir():
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "my-scout.bot.yaml").write_text((CONTENT / "scout-sniper.bot.yaml").read_text("utf-8")
                                                .replace("name: Laser sniper", "name: My scout"), "utf-8")
    e = open_in_editor(qtbot, tmp_path / "warrior-skirmish.scn.yaml", (1200, 620))
    yield e
    e.close_editor()


def rows(panel) -> list[str]:
    return [panel.list.item(i).text() for i in range(panel.list.count())]


def red(panel, row: int) -> bool:
    return panel.list.item(row).background().color().name() == "#f4b4ad"


def test_team_builder_shows_the_teams_leader_first(ed):
    a, b = ed.teams.teams
    assert rows(a) == ["\u2605 1. Hammer \u2014 warrior-brawler (Claw brawler, warrior)",
                       "  2. Eye \u2014 warrior-sniper (Laser sniper, warrior)"]
    assert a.add_build.currentData() == "warrior-brawler"  # the battle's class first
    assert a.name.text() == "Red" and b.name.text() == "Blue" and len(rows(b)) == 2
    assert "<b>warrior</b>" in ed.teams.class_label.text()
    # the known builds: every bundled build, then the build files beside the scenario
    refs = [a.add_build.itemData(i) for i in range(a.add_build.count())]
    assert "scout-brawler" in refs and "marauder-sniper" in refs and "my-scout.bot.yaml" in refs
    assert refs.index("warrior-sniper") < refs.index("my-scout.bot.yaml")
    # other classes than the battle's are marked in the picker
    i = refs.index("scout-brawler")
    assert "not a warrior" in a.add_build.itemData(i, Qt.ItemDataRole.ToolTipRole)
    assert a.add_build.itemData(refs.index("warrior-raider"), Qt.ItemDataRole.ToolTipRole) is None


def test_reorder_make_leader_call_sign_and_undo(qtbot, ed):
    doc = ed.document
    a = ed.teams.teams[0]
    a.list.setCurrentRow(1)
    assert a.lead.isEnabled() and not a.down.isEnabled() and a.call_sign.text() == "Eye"
    a.lead.click()
    assert [e.name for e in doc.model.teams[0].bots] == ["Eye", "Hammer"]
    assert rows(a)[0].startswith("\u2605 1. Eye") and a.list.currentRow() == 0
    a.down.click()
    assert [e.name for e in doc.model.teams[0].bots] == ["Hammer", "Eye"] and a.list.currentRow() == 1
    a.up.click()
    assert [e.name for e in doc.model.teams[0].bots] == ["Eye", "Hammer"]
    a.call_sign.setText("Hawk")
    a.call_sign.editingFinished.emit()
    assert doc.model.teams[0].bots[0].name == "Hawk" and doc.model.teams[0].bots[0].build == "warrior-sniper"
    a.call_sign.setText("")  # back to the build's name
    a.call_sign.editingFinished.emit()
    assert doc.model.teams[0].bots[0].name is None and rows(a)[0].startswith("\u2605 1. Laser sniper")
    for _ in range(5):
        doc.undo_stack.undo()
    assert [(e.build, e.name) for e in doc.model.teams[0].bots] == [("warrior-brawler", "Hammer"),
                                                                   ("warrior-sniper", "Eye")]
    assert rows(a)[0].startswith("\u2605 1. Hammer")


def test_class_restriction_live_then_fixed(qtbot, ed, tmp_path):
    doc = ed.document
    b = ed.teams.teams[1]
    b.add_build.setCurrentIndex(b.add_build.findData("my-scout.bot.yaml"))
    b.add.click()
    assert [e.build for e in doc.model.teams[1].bots] == ["warrior-raider", "warrior-sniper", "my-scout.bot.yaml"]
    problems = wait_validated(qtbot, ed)
    same = [p for p in problems if p.code == "KB421"]
    assert same and same[0].path[:4] == ("teams", 1, "bots", 2)  # the formats' building restriction
    assert red(b, 2) and not red(b, 0) and "same class" in b.list.item(2).toolTip()
    assert "\u26a0 'My scout' is a scout" in rows(b)[2] and "\u26a0" not in rows(b)[0]
    assert b.problems.isVisible() and "same class" in b.problems.text()
    assert not ed.teams.teams[0].problems.isVisible()
    shot(ed, "kongbots-teams.png")
    # a team of one class again: remove the scout
    assert b.list.currentRow() == 2 and b.remove.isEnabled()
    b.remove.click()
    assert [e.build for e in doc.model.teams[1].bots] == ["warrior-raider", "warrior-sniper"]
    problems = wait_validated(qtbot, ed)
    assert not [p for p in problems if p.severity.value == "error"]
    assert not red(b, 0) and not red(b, 1) and not b.problems.isVisible()
    # a leader of another class changes the battle's class: now team B is wrong
    a = ed.teams.teams[0]
    a.add_build.setCurrentIndex(a.add_build.findData("scout-raider"))
    a.add.click()
    a.lead.click()
    assert doc.model.teams[0].bots[0].build == "scout-raider"
    assert "<b>scout</b>" in ed.teams.class_label.text()
    wait_validated(qtbot, ed)
    assert red(a, 1) and red(a, 2) and red(b, 0) and red(b, 1)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    wait_validated(qtbot, ed)
    assert "<b>warrior</b>" in ed.teams.class_label.text() and not red(a, 0)
    # the last Kongbot of a team cannot be removed (a team has one or more)
    b.list.setCurrentRow(0)
    b.remove.click()
    assert len(doc.model.teams[1].bots) == 1 and not b.remove.isEnabled()
    doc.save(tmp_path / "saved.scn.yaml")
    loaded = load_file(tmp_path / "saved.scn.yaml")
    assert not [d for d in loaded.diagnostics if d.is_error]
    assert [e.build for e in loaded.model.teams[1].bots] == ["warrior-sniper"]
