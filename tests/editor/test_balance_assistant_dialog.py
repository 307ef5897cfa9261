"""Tools > Balance Assistant… (issue 33 item 4), driven through its real widgets: a search on the
unsaved document, proposals with before/after figures, the proposal shown on the map, Apply as one
undo step (Ctrl+Z takes it back), and Cancel."""
from __future__ import annotations

from PySide6.QtCore import Qt

from gridsmith.editor.core.balance_assistant import UNDO_LABEL_CHARS, undo_text
from tests.qt_fixtures import settle


def _assistant(window, duel):
    ed = window.open_file(duel)
    window.tools_menu.aboutToShow.emit()
    assert "Balance &Assistant…" in [a.text() for a in window.tools_menu.actions()]
    dlg = window.balance_assistant()
    dlg.jobs.setValue(1)  # the search's games in the worker thread: quick to start in a test
    return ed, dlg


def _type(qtbot, spin, value: int) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Tab)


def test_search_shows_proposals_and_apply_is_one_undo_step(qtbot, window, duel):
    ed, dlg = _assistant(window, duel)
    _type(qtbot, dlg.games, 200)
    assert dlg.games.value() == 200
    qtbot.mouseClick(dlg.run_button, Qt.MouseButton.LeftButton)
    assert not dlg.run_button.isEnabled() and dlg.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: dlg.worker is None and dlg.report is not None, timeout=180_000)
    rep = dlg.report
    assert rep.before is not None and "Before (" in dlg.status.text()
    # finished: a full bar saying what was played, not "210 of 300 games" as if still running
    assert dlg.progress.value() == dlg.progress.maximum() == rep.games
    assert dlg.progress.text() == f"{rep.games} games played"
    if rep.balanced:  # nothing to propose: said so, nothing to apply
        assert dlg.proposals.count() == 0 and not dlg.apply_button.isEnabled()
        return
    assert dlg.proposals.count() == len(rep.proposals) >= 1
    # a click on the last proposal selects it: its figures and what it changes are shown
    last = dlg.proposals.count() - 1
    rect = dlg.proposals.visualItemRect(dlg.proposals.item(last))
    qtbot.mouseClick(dlg.proposals.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dlg.proposals.currentRow() == last
    p = rep.proposals[last]
    assert p.edit.label in dlg.detail.text() and "→" in dlg.detail.text()
    settle(qtbot, dlg)
    # the detail is never squeezed: its last line ("… screening games.") is shown, or scrolled to
    assert dlg.detail.height() >= dlg.detail.heightForWidth(dlg.detail.width())
    if p.edit.cells:
        assert ed.view.selection.isVisible()  # the squares it changes are marked on the map
    before = ed.document.snapshot()
    undo = ed.document.undo_stack.count()
    qtbot.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    assert ed.document.undo_stack.count() == undo + 1
    assert ed.document.undo_stack.undoText() == undo_text(p.edit.label)
    from gridsmith.engine.core.edits import at

    after = ed.document.snapshot().model_dump(mode="json")
    assert all(at(after, c.path) == c.after for c in p.edit.changes)
    lab = getattr(ed, "balance_dialog", None)
    assert lab is not None and lab.isVisible()  # the lab measures the edited document
    lab.cancel()
    qtbot.waitUntil(lambda: lab.worker is None, timeout=60_000)
    window.act_undo.trigger()  # Edit > Undo
    assert ed.document.undo_stack.index() == undo, (ed.document.undo_stack.index(), undo)
    assert ed.document.snapshot().model_dump() == before.model_dump()
    settle(qtbot, dlg)


def test_cancel_stops_the_search(qtbot, window, duel):
    _ed, dlg = _assistant(window, duel)
    _type(qtbot, dlg.games, 5000)
    qtbot.mouseClick(dlg.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.progress.value() >= 1, timeout=60_000)
    qtbot.mouseClick(dlg.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.worker is None, timeout=60_000)
    assert dlg.report is not None and dlg.report.cancelled
    assert dlg.report.games < 200 and dlg.run_button.isEnabled()
    assert "cancel" in dlg.status.text().lower()


def test_closing_the_dialog_mid_search_never_crashes(qtbot, window, duel):
    _ed, dlg = _assistant(window, duel)
    qtbot.mouseClick(dlg.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.progress.value() >= 1, timeout=60_000)
    worker = dlg.worker
    dlg.close()
    dlg.deleteLater()
    from gridsmith.editor.core import detached

    qtbot.waitUntil(lambda: worker not in detached._RUNNING, timeout=60_000)


def test_the_undo_item_stays_short_whatever_the_proposal():
    """A pair of edits' label ran to 200 characters, and Edit > Undo widened the menu past a
    1024-pixel screen: the undo text is cut at a word, with an ellipsis."""
    long = ("Gray Kingdom: start victory points 0 -> 6500; Blue Kingdom: start victory points 0 -> 4400; "
            "Red Kingdom: start victory points 0 -> 1000")
    text = undo_text(long)
    assert text.startswith("Balance: Gray Kingdom: start victory points") and text.endswith("…")
    assert len(text) <= len("Balance: ") + UNDO_LABEL_CHARS + 1 and " …" not in text
    assert undo_text("Red: starting energy 30 -> 40") == "Balance: Red: starting energy 30 -> 40"


def test_the_dask_field_shows_its_whole_hint(qtbot, window, duel):
    _ed, dlg = _assistant(window, duel)
    dlg.show()
    qtbot.waitExposed(dlg)
    f = dlg.scheduler
    assert f.width() >= f.fontMetrics().horizontalAdvance(f.placeholderText()) + 8, "the hint was cut: 'tcp://ho…'"
    dlg.close()
