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
