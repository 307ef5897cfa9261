"""Issue 11, items 2 and 3, the application shell: Help > Keyboard shortcuts generated from the
actions; window geometry and dock layout saved and restored (in the test's own settings folder);
a usable window at 1024x700 whose docks give way and get their width back; File > New's size and
players; Save As beside the current file; the problems panel's wording and wrapping; fields that
the wheel changes only when focused."""
from __future__ import annotations

import os

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

from editor_helpers import CONTENT, SCREENSHOTS, wait_validated
from gridsmith.editor.core import config
from gridsmith.editor.core.mainwindow import CENTRAL_MIN, MainWindow
from gridsmith.editor.core.newdialog import NewDocumentDialog, parameters
from gridsmith.editor.core.shortcuts import ShortcutsDialog, collect
from gridsmith.formats.diagnostics import Problem, Severity
from tests.qt_fixtures import settle


def _shot(tmp_path, name):
    return (SCREENSHOTS if os.environ.get("GRIDSMITH_SCREENSHOTS") == "1" else tmp_path) / name


def _drag_separator(window, qtbot, dock, dx):
    """Drag the separator on the canvas side of a right-hand dock by `dx` pixels, as a user would."""
    x = (window.centralWidget().geometry().right() + dock.geometry().left()) // 2
    y = dock.geometry().center().y()
    QTest.mousePress(window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(x, y))
    for step in range(1, 5):
        QTest.mouseMove(window, QPoint(x + dx * step // 4, y))
        settle(qtbot, window)
    QTest.mouseRelease(window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(x + dx, y))
    settle(qtbot, window)


# ---- Help > Keyboard shortcuts ------------------------------------------------------------------
def test_the_shortcuts_dialog_lists_the_real_shortcuts(qtbot, window, duel, tmp_path):
    window.open_file(duel)
    dlg = window.show_shortcuts()
    qtbot.addWidget(dlg)
    names = dlg.names()
    assert names["Save"] == "Ctrl+S" and names["Keyboard Shortcuts"] == "F1"
    assert names["Redo"] == "Ctrl+Shift+Z  or  Ctrl+Y" and names["Quit"].startswith("Ctrl+Q")
    assert names["Close"].startswith("Ctrl+W")
    assert names["World View"] == "Ctrl+M" and names["Play Scenario"] == "F5"
    assert {names[t] for t in ("Brush", "Fill", "Picker")} == {"B", "F", "I"}  # the current tab's tools
    # every action with a shortcut in the menus is listed, with exactly its keys
    in_menus = [a for m in window.menuBar().actions() for a in m.menu().actions() if a.shortcuts()]
    assert len(in_menus) >= 15
    for a in in_menus:
        assert a.shortcuts()[0].toString() in {e.keys.split("  or  ")[0] for e in dlg.entries}
    dlg.resize(480, 620)
    settle(qtbot, dlg)
    assert dlg.grab().save(str(_shot(tmp_path, "shortcuts.png")))


def test_the_shortcuts_are_generated_not_kept_by_hand(qtbot, window):
    window.act_save.setShortcut("Ctrl+Alt+S")
    assert {e.name: e.keys for e in collect(window)}["Save"] == "Ctrl+Alt+S"
    assert "Brush" not in {e.name for e in collect(window)}  # no tab open: no tools


def test_f1_opens_the_shortcuts(qtbot, window):
    QTest.keyClick(window, Qt.Key.Key_F1)
    dlg = window.findChild(ShortcutsDialog)
    assert dlg is not None and dlg.isVisible()
    dlg.close()


# ---- the window's layout -------------------------------------------------------------------------
def _reopen(qtbot, tmp_path) -> MainWindow:
    again = MainWindow(autosave_dir=tmp_path / "recovery")
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    return again


def test_window_geometry_is_restored_at_the_next_start(qtbot, window, tmp_path):
    # the offscreen screen is 800x800: a restored window is kept on the screen, so stay inside it
    window.resize(760, 620)
    window.move(12, 20)
    settle(qtbot, window)
    window.close()
    assert config.settings().fileName().startswith(os.environ["GRIDSMITH_CONFIG_DIR"])  # the test's own
    again = _reopen(qtbot, tmp_path)
    assert again.size().toTuple() == (760, 620)
    again.close()


def test_the_dock_layout_is_restored_at_the_next_start(qtbot, window, duel, tmp_path):
    window.open_file(duel)
    window.resize(1200, 800)
    settle(qtbot, window)
    window.panel_actions["worldview"].setChecked(False)  # the user hides the world view
    settings_dock = window.docks["settings"]
    before = settings_dock.width()
    _drag_separator(window, qtbot, settings_dock, -60)  # and widens the settings
    wide = settings_dock.width()
    assert wide > before + 40
    window.close()
    assert config.settings().value("window/state")

    again = _reopen(qtbot, tmp_path)
    again.resize(1200, 800)
    ed = again.open_file(duel)
    settle(qtbot, again)
    assert not again.docks["worldview"].isVisible() and not again.panel_actions["worldview"].isChecked()
    assert again.dockWidgetArea(again.docks["settings"]) == Qt.DockWidgetArea.RightDockWidgetArea
    assert abs(again.docks["settings"].width() - wide) <= 4
    again.close_tab(ed, ask=False)
    again.close()


def test_a_usable_window_at_1024x700_whose_docks_give_width_back(qtbot, window, tmp_path):
    ed = window.open_file(CONTENT / "continent.scn.yaml")  # four players: the widest settings
    window.resize(1600, 1000)
    settle(qtbot, window)
    settings_dock = window.docks["settings"]
    _drag_separator(window, qtbot, settings_dock, -50)
    wanted = settings_dock.width()

    window.resize(1024, 700)
    settle(qtbot, window)
    assert window.size().toTuple() == (1024, 700)  # it can shrink that far
    assert window.minimumSizeHint().width() <= 1024 and window.minimumSizeHint().height() <= 700
    canvas = window.centralWidget().width()
    assert canvas >= 0.44 * 1024 and canvas >= CENTRAL_MIN.width()  # the docks gave way, not only the map
    panel = ed.settings_panel
    assert settings_dock.width() >= panel.minimumWidth()  # never crushed below what the fields need
    assert not panel.horizontalScrollBar().isVisible()
    name = panel.fields[("players", 0, "name")]
    assert name.width() >= name.fontMetrics().horizontalAdvance("Red Kingdom") + 8  # long names readable
    assert window.grab().save(str(_shot(tmp_path, "editor-1024x700.png")))

    window.resize(1600, 1000)
    settle(qtbot, window)
    assert abs(settings_dock.width() - wanted) <= 4  # the width the user gave it is back


# ---- File > New ------------------------------------------------------------------------------------
def test_the_new_dialog_shares_the_template_defaults_of_gridsmith_new(qtbot, window, tmp_path):
    from gridsmith.formats import registry, templates

    default = templates.new_model(registry.get("pendulous.scenario"))
    params = {p.name: p for p in parameters("pendulous.scenario")}
    assert {k: p.default for k, p in params.items()} == {"width": default.width, "height": default.height,
                                                         "players": len(default.players)}
    assert (params["width"].maximum, params["height"].maximum, params["players"].maximum) == (50, 50, 4)
    dlg = NewDocumentDialog(window)
    qtbot.addWidget(dlg)
    dlg.select_kind("pendulous.scenario")
    assert dlg.options() == {"width": 10, "height": 5, "players": 2}
    dlg.spins["width"].setValue(3)
    dlg.spins["players"].setValue(4)
    dlg.show()
    dlg.accept()  # more players than columns: the template refuses, the dialog says why and stays
    assert dlg.isVisible() and dlg.model is None and "4 players" in dlg.note.text()
    assert dlg.grab().save(str(_shot(tmp_path, "new-dialog.png")))
    dlg.select_kind("pyramids.board")
    assert dlg.spins == {} and "nothing to choose" in dlg.note.text()
    dlg.reject()


def test_file_new_of_a_big_four_player_map(qtbot, window, monkeypatch):
    def fill(dlg):
        dlg.select_kind("pendulous.scenario")
        for k, v in {"width": 30, "height": 24, "players": 4}.items():
            dlg.spins[k].setValue(v)
        dlg.accept()
        return dlg.result()

    monkeypatch.setattr(NewDocumentDialog, "exec", fill)
    window.act_new.trigger()
    doc = window.current_editor().document
    assert doc.grid_size() == (30, 24) and len(doc.model.players) == 4
    assert not [p for p in window.current_editor().validate_now() if p.severity is Severity.ERROR]


# ---- Save As ---------------------------------------------------------------------------------------
def test_save_as_starts_beside_the_current_file(qtbot, window, duel, monkeypatch):
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda parent, title, start, *a: asked.append(start) or ("", ""))
    window.open_file(duel)
    window.save_as()
    window.new_document("pendulous.scenario")  # a new document starts beside the file last worked on
    window.save_as()
    from pathlib import Path

    assert Path(asked[0]) == duel and Path(asked[1]).parent == duel.parent
    assert Path(asked[1]).name == "untitled.scn.yaml"


# ---- the problems panel ----------------------------------------------------------------------------
def test_the_problems_panel_names_the_right_kind(qtbot, window):
    for kind, title in (("pyramids.scenario", "Pyramids scenario"), ("pyramids.board", "Pyramids board"),
                        ("pendulous.scenario", "Pendulous scenario")):
        ed = window.new_document(kind)
        wait_validated(qtbot, ed)
        assert ed.problems_panel.summary.text() == f"No problems: this {title} file is valid."


def test_problem_messages_wrap_instead_of_being_cut(qtbot, window, duel):
    ed = window.open_file(duel)
    panel = ed.problems_panel
    long = "a long message " * 12
    panel.set_problems([Problem("X1", long.strip(), ("name",)), Problem("X2", "short", ("name",), Severity.WARNING)])
    assert panel.summary.text() == "1 error, 1 warning"
    window.resize(1024, 700)
    settle(qtbot, window)
    tree = panel.tree
    long_row, short_row = tree.visualItemRect(tree.topLevelItem(0)), tree.visualItemRect(tree.topLevelItem(1))
    assert long_row.height() >= 2 * short_row.height() - 8  # wrapped onto more lines, not elided
    assert tree.columnWidth(3) <= tree.viewport().width() // 3 + 1  # Where takes only what it needs
    assert tree.columnWidth(2) > tree.columnWidth(3)


# ---- forms that don't change by accident ---------------------------------------------------------------
def _wheel(widget, steps=-3):
    pos = QPointF(widget.rect().center())
    ev = QWheelEvent(pos, QPointF(widget.mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, 120 * steps),
                     Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, ev)


def test_the_wheel_scrolls_the_settings_and_changes_only_a_focused_field(qtbot, window, duel):
    ed = window.open_file(duel)
    window.resize(1024, 700)
    settle(qtbot, window)
    panel = ed.settings_panel
    spin = panel.fields[("players", 0, "resource_rate")]
    panel.ensureWidgetVisible(spin)
    panel.verticalScrollBar().setValue(0)
    window.cell_label.setFocus()
    settle(qtbot, window)
    value, scrolled = spin.value(), panel.verticalScrollBar().value()
    _wheel(spin)
    assert spin.value() == value and ed.document.undo_stack.count() == 0  # failure 1: not changed
    assert panel.verticalScrollBar().value() > scrolled  # the panel scrolled instead
    spin.setFocus()
    _wheel(spin, 1)
    assert spin.value() == value + 1 and ed.document.undo_stack.count() == 1  # focused: the wheel edits
    combo_like = [w for w in panel.findChildren(type(spin)) if w.focusPolicy() != Qt.FocusPolicy.StrongFocus]
    assert combo_like == []  # every spin box takes focus by click or Tab only, never by the wheel


def test_the_pyramids_forms_take_the_wheel_only_when_focused(qtbot, window):
    for kind, field in (("pyramids.scenario", "level"), ("pyramids.pieceset", None)):
        ed = window.new_document(kind)
        spin = getattr(ed, field) if field else next(iter(ed.spins.values()))
        window.cell_label.setFocus()
        value = spin.value()
        _wheel(spin, 1)
        assert spin.value() == value and ed.document.undo_stack.count() == 0
        spin.setFocus()
        _wheel(spin, 1)
        assert spin.value() == value + 1


def test_live_validation_reports_the_semantic_stage_beside_structure_errors(duel):
    from gridsmith.editor.core import validation
    from gridsmith.formats.document import FileDocument

    model = FileDocument.open(duel).model.model_copy(deep=True)
    # edits that pydantic did not check (as in-place edits are): an empty player name (a structure
    # error) and a red square that cannot trace supply (a semantic warning)
    model.players[0].__dict__["name"] = ""
    model.map[0] = "~~111122212~"
    problems = validation.check(model)
    assert validation.structure_problems(model)
    assert any(p.code == "PND503" and p.severity is Severity.WARNING for p in problems), problems
