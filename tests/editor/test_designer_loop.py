"""Issue 30, the designer's loop across games: what a newcomer hits in the first ten minutes, each
driven through real widgets (key presses and mouse clicks through QTest)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from editor_helpers import ROOT
from tests.qt_fixtures import settle

GAMES = ROOT / "content"


def _new_window(qtbot, tmp_path):
    from gridsmith.editor.core.mainwindow import MainWindow

    w = MainWindow(autosave_dir=tmp_path / "recovery")
    w.resize(1280, 860)
    w.show()
    qtbot.waitExposed(w)
    return w


def _dispose(w) -> None:
    for ed in w.editors():
        w.close_tab(ed, ask=False)
    w.close()
    w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


# ---- 1. the zoom readout -------------------------------------------------------------------------------
def test_zoom_readout_is_right_when_a_file_opens_and_fit_reads_the_same(qtbot, tmp_path):
    """The second start (the dock layout restored) laid the docks out while the tab was inserted: the
    view fitted itself at 180% before the readout listened, then shrank to 112% unheard."""
    first = _new_window(qtbot, tmp_path)
    first.open_file(GAMES / "circuitwar" / "duel.scn.yaml")
    settle(qtbot, first)
    first.save_layout()
    _dispose(first)

    w = _new_window(qtbot, tmp_path)
    try:
        ed = w.open_file(GAMES / "circuitwar" / "duel.scn.yaml")
        settle(qtbot, w)
        opened = w.zoom_label.text()
        assert opened == f"{ed.view.zoom * 100:.0f}%"
        QTest.keyClick(w, Qt.Key.Key_9, Qt.KeyboardModifier.ControlModifier)  # View > Fit Map
        assert w.zoom_label.text() == opened  # the view already showed the whole map
        QTest.keyClick(w, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
        assert w.zoom_label.text() == f"{ed.view.zoom * 100:.0f}%" != opened
    finally:
        _dispose(w)


def test_a_form_tab_shows_no_zoom(qtbot, window):
    window.open_file(GAMES / "circuitwar" / "duel.scn.yaml")
    settle(qtbot, window)
    assert window.zoom_label.text().endswith("%")
    window.open_file(GAMES / "pyramids" / "sample.scn.yaml")  # a form: no canvas
    settle(qtbot, window)
    assert window.zoom_label.text() == ""
    QTest.keyClick(window.tabs.tabBar(), Qt.Key.Key_Left)  # back to the canvas tab
    assert window.tabs.currentIndex() == 0
    assert window.zoom_label.text() == f"{window.current_editor().view.zoom * 100:.0f}%"


# ---- 5. the Where column names a place -------------------------------------------------------------------
def test_where_column_names_a_place_a_person_finds(qtbot, window, tmp_path):
    """KB412 (a team without an entry hex) is about the whole grid: its Where said only "rows"."""
    from editor_helpers import wait_validated

    text = (GAMES / "kongbots" / "pit.arena.yaml").read_text().replace("B", ".")
    arena = tmp_path / "noentry.arena.yaml"
    arena.write_text(text)
    ed = window.open_file(arena)
    problems = wait_validated(qtbot, ed)
    assert [p.code for p in problems if p.code == "KB412"] == ["KB412"]
    tree = ed.problems_panel.tree
    row = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(1) == "KB412")
    assert row.text(3) == "rows (all 11)"


def test_place_text_reads_keys_and_indices():
    from gridsmith.editor.core.problems import place_text

    model = {"teams": [{"bots": [{"build": "x"}, {"build": "y"}]}]}
    assert place_text(("teams", 0, "bots", 1, "build"), model) == "teams[0].bots[1].build"
    assert place_text(("teams", 0, "bots"), model) == "teams[0].bots (all 2)"
    assert place_text((), model) == "the whole file"


# ---- 2. undo and redo from any focus ------------------------------------------------------------------------
def _click_problem(qtbot, ed, code: str) -> None:
    tree = ed.problems_panel.tree
    item = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(1) == code)
    tree.scrollToItem(item)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def _keys(combo: str) -> None:
    """Press a shortcut on whatever has the focus now, as a person would."""
    mods = Qt.KeyboardModifier.ControlModifier
    if "Shift" in combo:
        mods |= Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(QApplication.focusWidget(), getattr(Qt.Key, f"Key_{combo[-1]}"), mods)


def test_undo_and_redo_act_on_the_document_after_a_problem_moved_the_focus(qtbot, window, duel):
    from editor_helpers import drag

    duel.write_text(duel.read_text().replace("name: Gray Army", "name: Red Army"))  # PND410: the same name twice
    ed = window.open_file(duel)
    settle(qtbot, window)
    before = ed.document.cell(1, 1)
    ed.palette_panel.player_buttons[1].click()
    drag(ed.view, [(1, 1), (2, 1)])
    painted = ed.document.cell(1, 1)
    assert painted != before
    qtbot.waitUntil(lambda: any(p.code == "PND410" for p in ed.problems()) and ed.validator.problems is ed.problems()
                    and not ed.validator._timer.isActive())
    _click_problem(qtbot, ed, "PND410")
    field = QApplication.focusWidget()
    assert field is ed.settings_panel.fields[("players", 0, "name")] or \
        field is ed.settings_panel.fields[("players", 1, "name")]  # a form field has the focus

    _keys("Z")  # Ctrl+Z: the map, not the field
    assert ed.document.cell(1, 1) == before
    _keys("Shift+Z")
    assert ed.document.cell(1, 1) == painted
    _keys("Z")
    _keys("Y")
    assert ed.document.cell(1, 1) == painted

    # typing in the field: Ctrl+Z undoes the typing first (nothing committed yet) ...
    QTest.keyClick(field, Qt.Key.Key_End)
    QTest.keyClicks(field, "s")
    _keys("Z")
    assert field.text().endswith("Army") and ed.document.cell(1, 1) == painted
    # ... and once Return committed the name, Ctrl+Z undoes the rename, then the map
    QTest.keyClicks(field, " II")
    QTest.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(p.name.endswith(" II") for p in ed.document.model.players))
    _keys("Z")
    assert not any(p.name.endswith(" II") for p in ed.document.model.players)
    _keys("Z")
    assert ed.document.cell(1, 1) == before
