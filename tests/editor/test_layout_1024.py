"""Issue 30 item 6 at 1024x700: the canvas toolbar shows every button (nothing behind its »), the
Kongbots build designer's matchup table shows every column and the doctrine shows its start, and the
Pendulum deck editor's card table shows its id and name columns whole."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QToolButton

from gridsmith.editor.core.editorwidget import GridEditor
from gridsmith.editor.core.tour import files_of


def open_at(qtbot, window, game: str, kind: str, size=(1024, 700)):
    window.resize(*size)
    ed = window.open_file(files_of(game)[kind])
    qtbot.waitUntil(lambda: ed.isVisible() and ed.width() > 0)
    qtbot.wait(50)  # the posted relayouts
    return ed


@pytest.mark.parametrize("size", [(1024, 700), (1600, 1000)])
@pytest.mark.parametrize("game,kind", [("kongbots", "kongbots.arena"), ("pyramids", "pyramids.board"),
                                       ("circuitwar", "circuitwar.scenario")])
def test_the_canvas_toolbar_hides_no_button(qtbot, window, game, kind, size):
    ed = open_at(qtbot, window, game, kind, size)
    assert isinstance(ed, GridEditor)
    bar = ed.toolbar
    assert not bar.findChild(QToolButton, "qt_toolbar_ext_button").isVisible()
    for a in bar.actions():
        if not a.isSeparator():
            w = bar.widgetForAction(a)
            assert w.isVisible() and w.geometry().right() <= bar.contentsRect().right(), a.text()
    assert ed.size_spin.isVisible()
    assert ed.size_bar.geometry().right() <= ed.width()
    if size[0] == 1600:  # room for one row at full icon size
        assert ed.size_bar.x() > bar.geometry().right() and bar.iconSize().width() == 22


def test_the_build_designer_shows_the_whole_matchup_and_the_doctrine_start(qtbot, window):
    ed = open_at(qtbot, window, "kongbots", "kongbots.bot")
    m = ed.matchup
    assert not m.horizontalScrollBar().isVisible()
    assert m.horizontalHeader().length() <= m.viewport().width()
    for j in range(m.columnCount()):
        assert m.columnWidth(j) >= m.sizeHintForColumn(j)
    assert m.geometry().right() <= m.parentWidget().contentsRect().right()
    assert ed.description.cursorPosition() == 0
    assert ed.description.toolTip() == ed.document.model.description


@pytest.mark.parametrize("size", [(1024, 700), (1600, 1000)])
def test_the_deck_editor_gives_the_card_table_its_columns(qtbot, window, size):
    ed = open_at(qtbot, window, "pendulum", "pendulum.deck", size)
    bar = ed.tabs.tabBar()
    assert bar.sizeHint().width() <= bar.width()  # every tab whole: no scroll arrows
    for key, table in ed.tables.items():
        ed.tabs.setCurrentIndex(list(ed.tables).index(key))
        qtbot.wait(10)
        for j in (0, 1):  # the id and the name whole ("Gambal's Free Passage")
            assert table.columnWidth(j) >= table.sizeHintForColumn(j), (key, j)
        assert table.horizontalHeader().length() <= table.viewport().width() + 1
        assert table.columnWidth(2) >= 150, key  # some card text, the rest elided with a tooltip
        assert table.item(0, 2).toolTip() == table.item(0, 2).text()
    beside = ed.right.indexOf(ed.preview_box) >= 0  # at 1024 it is under the form, in its scroll area
    assert beside == (size[0] == 1600) and (ed.form_column.indexOf(ed.preview_box) >= 0) != beside
