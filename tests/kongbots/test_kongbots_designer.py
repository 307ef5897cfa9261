"""The Kongbots build designer: class, tenders of six interfaces, the module palette, live counts
against the limits with the offending interface marked and a one-click fix (one undo step), and the
matchup panel from the engine's closed form. Screenshot: kongbots-designer.png."""
from __future__ import annotations

import shutil

import pytest

from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import ROOT, open_in_editor, wait_validated
from gridsmith.engine.kongbots.matchup import table
from gridsmith.formats.kongbots.bot import build_problems
from gridsmith.formats.loader import load_file

CONTENT = ROOT / "content" / "kongbots"


@pytest.fixture
def ed(qtbot, tmp_path):
    shutil.copy(CONTENT / "scout-raider.bot.yaml", tmp_path / "r.bot.yaml")
    e = open_in_editor(qtbot, tmp_path / "r.bot.yaml", (1280, 640))
    yield e
    e.close_editor()


def test_palette_and_slots_and_limits_marked_then_fixed_in_one_click(qtbot, ed, tmp_path):
    doc = ed.document
    assert [b.text() for b in ed.slots[0]] == ["ML", "Lr", "Ro", "Ro", "Ro", "Ls"]
    ed.palette.set_value("ML")
    ed.slots[0][1].click()  # a second missile launcher: a scout may carry 1
    assert doc.model.tenders[0][1] == "ML"
    problems = wait_validated(qtbot, ed)
    over = next(p for p in problems if p.code == "KB404")
    assert over.message == "scout: 2 missile launchers, limit 1"  # the formats' own message
    assert ed.slots[0][1].property("offending") and not ed.slots[0][0].property("offending")
    row = [i for i in range(ed.counts.rowCount()) if ed.counts.verticalHeaderItem(i).text().startswith("ML")][0]
    assert ed.counts.item(row, 0).text() == "2" and ed.counts.item(row, 1).text() == "1"
    shot(ed, "kongbots-designer.png")
    assert len(ed.fix_buttons) == 1 and "limit 1" in ed.fix_buttons[0].text()
    ed.fix_buttons[0].click()
    assert doc.model.tenders[0] == ["ML", "--", "Ro", "Ro", "Ro", "Ls"]
    assert not [p for p in build_problems(doc.model, doc.rules()) if p.severity.value == "error"]
    assert not ed.slots[0][1].property("offending")
    doc.undo_stack.undo()
    assert doc.model.tenders[0][1] == "ML"
    doc.undo_stack.undo()
    assert doc.model.tenders[0][1] == "Lr"
    # valid in the designer is valid after save and reload
    doc.save(tmp_path / "saved.bot.yaml")
    loaded = load_file(tmp_path / "saved.bot.yaml")
    assert not [d for d in loaded.diagnostics if d.is_error]


def test_class_sets_the_tenders_and_the_matchup_comes_from_the_engine(ed):
    doc = ed.document
    ed.chassis.setCurrentText("marauder")
    ed.chassis.activated.emit(ed.chassis.currentIndex())
    assert doc.model.chassis == "marauder" and len(doc.model.tenders) == 3 and len(ed.slots) == 3
    assert all(len(r) == 6 for r in ed.slots)
    doc.undo_stack.undo()
    assert doc.model.chassis == "scout" and len(ed.slots) == 1
    names = [ed.matchup.verticalHeaderItem(i).text() for i in range(ed.matchup.rowCount())]
    assert len(names) >= 6 and "scout-sniper" in names
    i = names.index("scout-sniper")
    rows = table(doc.model, load_file(CONTENT / "scout-sniper.bot.yaml").model, doc.rules())
    assert rows[0].per_turn > 0  # the raider's laser reaches the sniper
    assert [ed.matchup.item(i, j).text() for j in range(6)] == [f"{m.per_turn:.2f}" for m in rows]
    assert ed.matchup.item(i, 6).text() == f"{rows[0].missiles:.2f}"
