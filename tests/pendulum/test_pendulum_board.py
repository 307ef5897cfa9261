"""The Pendulum board editor, both sides (1-3 and 4-5 players): the areas drawn with their two rows,
golden circles (the glass and the purple markers) and action spaces; a click selects a space for the
inspector; edits with live, located problems (the space outlined red); the council board; the time
track (Zeitanzeigetableau) with its glasses toggled by a click; undo and a byte-stable save.
Screenshots: pendulum-board-1-3.png, pendulum-board-4-5.png, pendulum-board-problem.png,
pendulum-time-track.png, pendulum-council-board.png."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from tests.editor.canvas_models import shot
from tests.pendulum.pendulum_editors import CONTENT, assert_round_trip, codes, open_editor, problems_now

from gridsmith.formats.loader import load_file
from gridsmith.formats.pendulum.effects import AREAS, effect_text
from tests.qt_fixtures import settle


def click_at(widget, point: QPointF) -> None:
    for kind in (QMouseEvent.Type.MouseButtonPress, QMouseEvent.Type.MouseButtonRelease):
        QApplication.sendEvent(widget, QMouseEvent(kind, point, widget.mapToGlobal(point), Qt.MouseButton.LeftButton,
                                                   Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))


def click_space(ed, area: str, row: int, i: int) -> None:
    click_at(ed.canvas, ed.canvas.rects[(area, row, i)].center())


def board(qtbot, tmp_path):
    return open_editor(qtbot, tmp_path, "default.board.yaml")


def test_both_sides_drawn_and_a_clicked_space_edited_with_live_problems(qtbot, tmp_path):
    ed = board(qtbot, tmp_path)
    doc = ed.document
    assert not problems_now(qtbot, ed)
    side = doc.model.sides["1-3"]
    # every space of the side is drawn, in its area and row
    assert set(ed.canvas.rects) == {(a, r, i) for a in AREAS for r, row in enumerate(side.areas[a].rows)
                                    for i in range(len(row.spaces))}
    click_space(ed, "green", 1, 2)
    assert ed.selected == ("green", 1, 2)
    sp = side.areas["green"].rows[1].spaces[2]
    assert ed.inspector.id.text() == sp.id == "g-bottom-3" and ed.inspector.neutral.isChecked()
    assert ed.inspector.text.text() == effect_text(sp.reward)
    tip = ed.canvas.space_tip(ed.canvas.rects[("green", 1, 2)].center())
    assert tip == f"g-bottom-3 (small, the 2-player neutral's): {effect_text(sp.reward)}"
    shot(ed, "pendulum-board-1-3.png")
    # a reward edited through the effect editor
    ed.inspector.reward.add_actions["recall"].trigger()
    assert doc.model.sides["1-3"].areas["green"].rows[1].spaces[2].reward[-1] == "recall"
    assert "recall a worker" in ed.inspector.text.text()
    # the neutral on a black space is refused: PNM415 on that space, outlined on the board
    click_space(ed, "black", 0, 1)
    ed.inspector.neutral.click()
    assert doc.model.sides["1-3"].areas["black"].rows[0].spaces[1].neutral_2p
    problems = problems_now(qtbot, ed)
    assert {"PNM415", "PNM422"} <= codes(problems)  # and 5 neutral spaces where the book has 4
    p415 = next(p for p in problems if p.code == "PNM415")
    assert p415.path == ("sides", "1-3", "areas", "black", "rows", 0, "spaces", 1, "neutral_2p")
    assert ("black", 0, 1) in ed.canvas.bad
    assert ed.describe_path(p415.path) == "side 1-3 › black › b-top-2 › neutral 2p"
    shot(ed, "pendulum-board-problem.png")
    click_space(ed, "purple", 0, 0)
    tree = ed.problems_panel.tree
    item = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                if tree.topLevelItem(i).text(1) == "PNM415")
    assert item.text(3) == "side 1-3 › black › b-top-2 › neutral 2p"
    tree.itemClicked.emit(item, 0)  # a click in the problems panel selects the space
    assert ed.selected == ("black", 0, 1)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert not problems_now(qtbot, ed) and not ed.canvas.bad
    assert_round_trip(ed, tmp_path, CONTENT / "default.board.yaml")
    ed.close_editor()


def test_the_4_5_side_and_space_structure_edits(qtbot, tmp_path):
    ed = board(qtbot, tmp_path)
    doc = ed.document
    ed.side_tabs.setCurrentIndex(1)
    assert ed.side_name == "4-5" and len(ed.canvas.rects) == sum(
        len(r.spaces) for a in doc.model.sides["4-5"].areas.values() for r in a.rows)
    shot(ed, "pendulum-board-4-5.png")
    click_space(ed, "green", 0, 1)
    # its adjacent spaces (g-top-1, g-top-3) are tinted
    assert ed.canvas.adjacent == {("green", 0, 0), ("green", 0, 2)}
    ed.inspector.add_button.click()  # a new space after it
    row = doc.model.sides["4-5"].areas["green"].rows[0].spaces
    assert len(row) == 5 and ed.selected == ("green", 0, 2) and ed.inspector.id.text() == row[2].id
    ed.inspector.right_button.click()
    assert doc.model.sides["4-5"].areas["green"].rows[0].spaces[3].id == row[2].id and ed.selected == ("green", 0, 3)
    ed.inspector.size.setCurrentText("small")
    ed.inspector.size.activated.emit(1)
    assert doc.model.sides["4-5"].areas["green"].rows[0].spaces[3].size == "small"
    ed.inspector.id.setText("g-top-1")  # a duplicate id
    ed.inspector.id.editingFinished.emit()
    assert "PNM413" in codes(problems_now(qtbot, ed))
    doc.undo_stack.undo()
    ed.inspector.remove_button.click()
    assert len(doc.model.sides["4-5"].areas["green"].rows[0].spaces) == 4
    # a row emptied: PNM412 marks the row's head; a click there selects the row, Add space refills it
    click_space(ed, "black", 1, 0)
    for _ in range(4):
        ed.inspector.remove_button.click()
    assert doc.model.sides["4-5"].areas["black"].rows[1].spaces == []
    p = next(p for p in problems_now(qtbot, ed) if p.code == "PNM412")
    assert ("black", 1) in ed.canvas.bad_rows
    click_at(ed.canvas, ed.canvas.heads[("black", 1)].center())
    assert ed.selected == ("black", 1, 0) and not ed.inspector.id.isEnabled()
    ed.inspector.add_button.click()
    assert len(doc.model.sides["4-5"].areas["black"].rows[1].spaces) == 1
    assert "PNM412" not in codes(problems_now(qtbot, ed))
    # the row's circles: a third purple circle on a row adds a marker, which the time track misses
    click_space(ed, "purple", 0, 0)
    ed.inspector.circles.setValue(3)
    assert doc.model.sides["4-5"].areas["purple"].rows[0].circles == 3
    p = next(p for p in problems_now(qtbot, ed) if p.code == "PNM420")
    assert "4 markers" in p.message
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert not problems_now(qtbot, ed)
    assert_round_trip(ed, tmp_path, CONTENT / "default.board.yaml")
    # a board without its 4-5 side: PNM421, and the side made from the other in one click
    doc.restructure("drop 4-5", lambda m: setattr(m, "sides", {"1-3": m.sides["1-3"]}))
    assert "PNM421" in codes(problems_now(qtbot, ed)) and ed.canvas.rects == {}
    assert ed.copy_side_button.isVisible() and ed.copy_side_button.text() == "Create side 4-5 from side 1-3"
    ed.copy_side_button.click()
    assert doc.model.sides["4-5"] == doc.model.sides["1-3"] and ed.canvas.rects
    ed.close_editor()


def test_the_time_track_glasses_toggle_by_click_with_the_formats_checks(qtbot, tmp_path):
    ed = board(qtbot, tmp_path)
    doc = ed.document
    tt = ed.time_track
    ed.tabs.setCurrentWidget(tt)
    settle(qtbot, ed)
    steps = doc.model.sides["1-3"].time_track
    assert len(tt.strip.steps) == len(steps) == 8
    assert "purple is flipped 3 times and the side has 3 purple markers" in tt.summary.text()
    shot(ed, "pendulum-time-track.png")
    # the first step flips all three (the opening): taking green off it is reported on step 1
    click_at(tt.strip, tt.strip.rects[(0, "green")].center())
    assert doc.model.sides["1-3"].time_track[0].flip == ["purple", "black"]
    p = next(p for p in problems_now(qtbot, ed) if p.code == "PNM420")
    assert p.path == ("sides", "1-3", "time_track", 0, "flip") and 0 in tt.strip.bad
    assert p.message in tt.summary.text()
    click_at(tt.strip, tt.strip.rects[(0, "green")].center())
    assert doc.model.sides["1-3"].time_track[0].flip == ["purple", "green", "black"]
    # a step added at the end (black only): the last step no longer flips purple
    tt.add_button.click()
    assert len(doc.model.sides["1-3"].time_track) == 9
    assert any(p.code == "PNM420" and p.path[-2:] == (8, "flip") for p in problems_now(qtbot, ed))
    click_at(tt.strip, tt.strip.rects[(8, "purple")].center())  # purple there: 4 purple flips, 3 markers
    assert "PNM420" in codes(problems_now(qtbot, ed))
    tt.remove_button.click()
    assert len(doc.model.sides["1-3"].time_track) == 8
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert not problems_now(qtbot, ed)
    ed.tabs.setCurrentIndex(1)  # the council board and privilege track
    ed.slots.setValue(6)
    assert doc.model.sides["1-3"].council.slots == 6
    ed.default_reward.add_actions["any"].trigger()
    assert ed.default_text.text() == effect_text(doc.model.sides["1-3"].council.default_reward)
    shot(ed, "pendulum-council-board.png")
    doc.save(tmp_path / "edited.board.yaml")
    loaded = load_file(tmp_path / "edited.board.yaml")
    assert loaded.model.sides["1-3"].council.slots == 6 and not [d for d in loaded.diagnostics if d.is_error]
    ed.close_editor()
