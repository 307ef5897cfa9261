"""The square canvas in the main window (Pendulous and Pyramids): zoom that keeps the square under
the mouse, crisp tiles at 800 %, the grid toggle, a status bar that is true after edits and zooms,
the toolbar, brush sizes, select/copy/paste between documents, PNG export, the world view.
Screenshots: square-editor.png, square-zoom800.png, pyramids-board-worldview.png."""
from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QWheelEvent
from PySide6.QtWidgets import QApplication

from canvas_models import shot
from editor_helpers import CONTENT, cell_point, click, drag, move

ROOT = CONTENT.parents[1]


def wheel(view, pos: QPoint, up: bool = True) -> None:
    ev = QWheelEvent(QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), QPoint(0, 0),
                     QPoint(0, 120 if up else -120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier,
                     Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), ev)


def scene_under(view, pos: QPoint) -> QPointF:
    return view._to_scene(QPointF(pos))


def test_ctrl_wheel_zoom_keeps_the_square_under_the_mouse(qtbot, window, duel):
    ed = window.open_file(duel)
    v = ed.view
    v.set_zoom(2.0)
    v.center_on_cell(6, 5)
    pos = cell_point(v, 9, 7) + QPoint(5, -3)
    before = scene_under(v, pos)
    for up in (True, True, True, False):
        wheel(v, pos, up)
        assert abs(scene_under(v, pos).x() - before.x()) <= 1.5 and abs(scene_under(v, pos).y() - before.y()) <= 1.5
    assert v.zoom == pytest.approx(2.0 * 1.25 ** 2)
    assert window.zoom_label.text() == f"{v.zoom * 100:.0f}%"


def test_zoom_keys_keep_the_point_under_the_mouse_and_the_status_bar_follows(qtbot, window, duel):
    ed = window.open_file(duel)
    v = ed.view
    v.set_zoom(1.5)
    move(v, 7, 6, Qt.MouseButton.NoButton)
    pos = cell_point(v, 7, 6)
    assert window.cell_label.text().startswith("Column 8, row 7")
    before = scene_under(v, pos)
    ed.zoom_in()  # what Ctrl++ calls
    assert (scene_under(v, pos) - before).manhattanLength() <= 2
    # a zoom that moves the map under a still mouse: the status bar names the square now under it
    ed.zoom_fit()
    now = v.cell_at(pos)
    expected = ed.describe_cell(*now) if now else ""
    assert window.cell_label.text() == expected


def test_status_bar_is_true_after_an_edit_under_the_mouse(qtbot, window, duel):
    from gridsmith.editor.core import commands

    ed = window.open_file(duel)
    move(ed.view, 0, 2, Qt.MouseButton.NoButton)
    assert window.cell_label.text() == "Column 1, row 3: land of Red Army (red, seat 1)"
    commands.paint(ed.document, {(0, 2): "~"}, "Fill")  # any edit: a fill, a swap, an undo
    assert window.cell_label.text() == "Column 1, row 3: water"
    window.act_undo.trigger()
    assert window.cell_label.text() == "Column 1, row 3: land of Red Army (red, seat 1)"


def test_tiles_are_drawn_at_the_device_size_when_zoomed_in(qtbot, window, duel):
    ed = window.open_file(duel)
    v = ed.view
    v.set_zoom(8.0)
    v.center_on_cell(2.5, 1.5)  # the red city at column 3, row 2
    v.viewport().repaint()
    g = ed.document.geometry()
    tile = ed.tiles.tile("A", g, None, 8.0)
    assert (tile.width(), tile.height()) == (256, 256)
    path = shot(v, "square-zoom800.png")
    assert not QImage(str(path)).isNull()


def test_grid_toggle(qtbot, window, duel):
    ed = window.open_file(duel)
    v = ed.view
    v.set_zoom(2.0)
    v.center_on_cell(6, 5)
    # sample across a grid line between two water squares (the map's middle lake)
    with_grid = v.grab()
    ed.act_grid.trigger()
    assert not ed.item.show_grid and not ed.act_grid.isChecked()
    without = v.grab()
    assert with_grid.toImage() != without.toImage()
    ed.act_grid.trigger()
    assert ed.item.show_grid


def test_toolbar_has_icons_and_tooltips_naming_the_shortcuts(qtbot, window, duel):
    ed = window.open_file(duel)
    names = [a.data() for a in ed.tool_actions()]
    assert names == ["brush", "line", "rectangle", "fill", "eraser", "picker", "select"]
    for a in ed.tool_actions():
        assert not a.icon().isNull()
        assert f"({a.shortcut().toString()})" in a.toolTip()
    assert set(ed.toolbar.actions()) >= set(ed.tool_actions()) | {ed.act_copy, ed.act_paste, ed.act_grid}
    assert "Ctrl+C" in ed.act_copy.toolTip()


def test_brush_size_and_line_tool(qtbot, window, duel):
    ed = window.open_file(duel)
    doc = ed.document
    ed.palette_panel.type_buttons["water"].setChecked(True)
    ed.set_brush_size(3)
    assert ed.size_spin.value() == 3
    move(ed.view, 5, 5, Qt.MouseButton.NoButton)
    assert ed.view.preview.isVisible()  # the brush's footprint under the mouse
    click(ed.view, 5, 5)
    assert all(doc.model.map[y][4:7] == "~~~" for y in (4, 5, 6))
    assert doc.undo_stack.count() == 1
    ed.set_brush_size(1)
    ed.set_tool("line")
    ed.palette_panel.type_buttons["land"].setChecked(True)
    ed.palette_panel.player_buttons[1].setChecked(True)
    drag(ed.view, [(0, 9), (11, 9)])
    assert doc.model.map[9] == "2" * 12 and doc.undo_stack.count() == 2


def test_copy_paste_between_documents_cut_and_delete(qtbot, window, duel, tmp_path):
    other_path = tmp_path / "other.scn.yaml"
    shutil.copy(duel, other_path)
    ed = window.open_file(duel)
    ed.set_tool("select")
    drag(ed.view, [(0, 0), (2, 1)])
    assert len(ed.selection) == 6
    ed.act_copy.trigger()
    text = QApplication.clipboard().text()
    assert "kind: pendulous.scenario" in text
    rows = [ed.document.model.map[y][:3] for y in (0, 1)]
    assert all(f"- {r}" in text or f"- '{r}'" in text or f'- "{r}"' in text for r in rows)
    other = window.open_file(other_path)
    assert window.current_editor() is other
    original = list(other.document.model.map)
    other.act_paste.trigger()
    click(other.view, 6, 6)
    assert [other.document.model.map[y][6:9] for y in (6, 7)] == rows
    assert other.document.undo_stack.count() == 1
    window.act_undo.trigger()
    assert other.document.model.map == original
    window.tabs.setCurrentWidget(ed)
    ed.act_cut.trigger()
    assert [ed.document.model.map[y][:3] for y in (0, 1)] == ["~~~", "~~~"]
    assert ed.document.undo_stack.count() == 1
    window.act_undo.trigger()
    assert [ed.document.model.map[y][:3] for y in (0, 1)] == rows
    # a setups library's cells do not paste into a scenario
    assert not ed.paste("gridsmith: cells\nkind: pyramids.setups\ngeometry: square\nlayers: [['88']]\n")
    assert "Cannot paste" in window.cell_label.text()


def test_png_export_is_the_map_at_any_scale(qtbot, window, duel, tmp_path):
    ed = window.open_file(duel)
    out = tmp_path / "duel.png"
    assert window.export_png(str(out))
    img = QImage(str(out))
    assert (img.width(), img.height()) == (12 * 32, 10 * 32)
    doc = ed.document
    x, y = next(c for c in doc.geometry().cells() if doc.cell(*c) == "~")
    assert img.pixelColor(x * 32 + 16, y * 32 + 16).name() == ed.colour_of("~").name()
    assert ed.export_png(str(tmp_path / "duel2x.png"), scale=2.0)
    assert QImage(str(tmp_path / "duel2x.png")).width() == 12 * 64
    shot(ed, "square-editor.png")


def test_ragged_row_shows_missing_squares_not_a_city(qtbot, window, duel):
    from gridsmith.editor.pendulous.art import seat_of

    assert seat_of("") is None
    duel.write_text(duel.read_text().replace('  - "11111~~~2222"', '  - "11111~~~22"'))
    ed = window.open_file(duel)
    assert ed.describe_cell(11, 3) == "Column 12, row 4: missing: the row is too short"
    assert ed.colour_of("") != ed.colour_of("A")


def _pyramids(qtbot, tmp_path, name):
    from gridsmith.editor.core import files, plugins

    src = ROOT / "content" / "pyramids"
    shutil.copy(src / name, tmp_path / name)
    shutil.copy(src / "default.pieceset.yaml", tmp_path / "default.pieceset.yaml")
    doc = files.open_document(tmp_path / name)
    ed = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(ed)
    ed.resize(700, 500)
    ed.show()
    qtbot.waitExposed(ed)
    return ed


def test_pyramids_world_views_are_overviews(qtbot, tmp_path):
    board = _pyramids(qtbot, tmp_path, "default.board.yaml")
    mm = board.minimap
    mm.resize(300, 300)
    t = mm._target()
    assert t.width() <= 11 * 12 and t.height() <= 11 * 12  # never bigger than a small overview
    assert mm.colour_of_cell(0, 0) != mm.colour_of_cell(0, 5)  # home zone tint, middle row
    shot(mm, "pyramids-board-worldview.png")
    setups = _pyramids(qtbot, tmp_path, "default.setups.yaml")
    colours = {setups.minimap.colour_of_cell(x, y).name() for x in range(11) for y in range(4)}
    assert len(colours) >= 6  # pieces by strength, not one blue block
    board.close_editor()
    setups.close_editor()


def test_edit_and_view_menus_carry_the_current_tabs_canvas_actions(qtbot, window, duel, tmp_path):
    ed = window.open_file(duel)
    menus = {a.text(): a.menu() for a in window.menuBar().actions() if a.menu() is not None}
    assert ed.act_copy in menus["&Edit"].actions() and ed.act_paste in menus["&Edit"].actions()
    assert ed.act_grid in menus["&View"].actions()
    # the shortcuts work with the canvas focused
    ed.view.setFocus()
    ed.set_selection([(0, 0), (1, 0)])
    QApplication.clipboard().clear()
    qtbot.keyClick(ed.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert "gridsmith: cells" in QApplication.clipboard().text()
    qtbot.keyClick(ed.view, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert not ed.item.show_grid
    # another tab: its own actions replace the first tab's
    other_path = tmp_path / "other.scn.yaml"
    shutil.copy(duel, other_path)
    other = window.open_file(other_path)
    edit = menus["&Edit"].actions()
    assert other.act_copy in edit and ed.act_copy not in edit


def test_scrolling_under_a_still_mouse_updates_the_status_bar(qtbot, window, duel):
    ed = window.open_file(duel)
    v = ed.view
    v.set_zoom(3.0)
    v.center_on_cell(4, 4)
    move(v, 4, 4, Qt.MouseButton.NoButton)
    pos = cell_point(v, 4, 4)
    assert window.cell_label.text().startswith("Column 5, row 5")
    v.horizontalScrollBar().setValue(v.horizontalScrollBar().value() + 3 * 32 * 3)  # three squares right
    assert v.cell_at(pos) == (7, 4)
    assert window.cell_label.text().startswith("Column 8, row 5")
