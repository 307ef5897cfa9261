"""The canvas on a hex document (axial rows, a diamond on screen): every tool paints hexagons, a
fill floods the six neighbours, a stroke leaves no gaps, problems point at hexes, the world view is
drawn in hexagons. Screenshots: hex-editor.png, hex-zoom800.png, hex-minimap.png."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from canvas_models import HexDocument, hex_model, open_plain, previewed_drag, shot, shots_dir
from editor_helpers import click, drag, move
from tests.qt_fixtures import settle


@pytest.fixture
def ed(qtbot):
    e = open_plain(qtbot, HexDocument(hex_model(9, 7)))
    yield e
    e.close_editor()


def test_the_geometry_is_axial_and_the_map_a_diamond(ed):
    g = ed.document.geometry()
    assert g.name == "hex" and (g.w, g.h) == (9, 7)
    # row r is shifted right by half a hexagon per row: the stored rectangle is a rhombus
    assert g.center((0, 1)).x() - g.center((0, 0)).x() == pytest.approx(g.px / 2)
    assert g.center((0, 6)).x() > g.center((2, 0)).x()
    assert ed.item.boundingRect().width() == pytest.approx(g.px * (9 + 6 / 2))


def test_brush_click_drag_and_one_undo_step(ed):
    doc = ed.document
    click(ed.view, 4, 3)
    assert doc.cell(4, 3) == "a" and doc.undo_stack.count() == 1
    # a long jump from (0, 0) to (6, 4): every hex in between is painted, each next to the one before
    ed.value = "b"
    drag(ed.view, [(0, 0), (6, 4)])
    painted = [c for c in doc.geometry().cells() if doc.cell(*c) == "b"]
    g = doc.geometry()
    assert (0, 0) in painted and (6, 4) in painted and len(painted) == g.distance((0, 0), (6, 4)) + 1
    line = g.line((0, 0), (6, 4))
    assert all(b in g.neighbours(a) for a, b in zip(line, line[1:]))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert all(doc.cell(*c) != "b" for c in g.cells())


def test_fill_floods_the_six_hex_neighbours(ed):
    doc = ed.document
    g = doc.geometry()
    # a closed ring of "b" around (4, 3): the fill inside stops at the ring, outside goes round it
    for c in g.neighbours((4, 3)):
        doc.set_cells_raw({c: "b"})
    ed.value = "c"
    ed.set_tool("fill")
    click(ed.view, 4, 3)
    assert doc.cell(4, 3) == "c"
    assert sum(doc.cell(*c) == "c" for c in g.cells()) == 1  # the ring holds on all six sides
    click(ed.view, 0, 0)
    assert sum(doc.cell(*c) == "c" for c in g.cells()) == g.count() - 6
    assert doc.undo_stack.count() == 2


def test_rectangle_preview_then_axial_region(ed):
    doc = ed.document
    previewed_drag(ed, "rectangle", (1, 1), (3, 4))
    painted = {c for c in doc.geometry().cells() if doc.cell(*c) == "a"}
    assert painted == {(q, r) for q in range(1, 4) for r in range(1, 5)}
    assert doc.undo_stack.count() == 1


def test_line_tool_previews_and_brush_size_paints_a_hexagon(ed):
    doc = ed.document
    previewed_drag(ed, "line", (0, 3), (8, 3))
    assert doc.model.rows[3] == "a" * 9
    ed.set_tool("brush")
    ed.set_brush_size(2)
    ed.value = "c"
    click(ed.view, 4, 1)
    g = doc.geometry()
    assert {c for c in g.cells() if doc.cell(*c) == "c"} == {(4, 1), *g.neighbours((4, 1))}


def test_eraser_picker_and_status_bar_follow_edits(ed):
    doc = ed.document
    click(ed.view, 2, 2)
    move(ed.view, 2, 2, Qt.MouseButton.NoButton)
    assert ed.messages[-1] == "Column 3, row 3: 'a'"
    ed.set_tool("eraser")
    click(ed.view, 2, 2)
    assert doc.cell(2, 2) == "."
    assert ed.messages[-1] == "Column 3, row 3: '.'"  # the status bar says what is there now
    doc.set_cells_raw({(5, 5): "b"})
    ed.set_tool("picker")
    click(ed.view, 5, 5)
    assert ed.value == "b"


def test_problem_points_at_its_hex(ed, qtbot):
    doc = ed.document
    ed.value = "x"
    click(ed.view, 6, 2)
    problems = ed.validate_now()
    assert [(p.code, p.path) for p in problems] == [("T001", ("rows", 2, 6))]
    ed.go_to_problem(problems[0].path)
    assert ed.view.selection.isVisible()
    assert ed.view.selection.path().boundingRect() == doc.geometry().shape((6, 2)).boundingRect()
    assert ed.describe_path(problems[0].path) == "hex column 7, row 3"


def test_copy_paste_into_another_hex_document(ed, qtbot):
    from PySide6.QtWidgets import QApplication

    doc = ed.document
    doc.set_cells_raw({(1, 1): "b", (2, 1): "c", (1, 2): "a"})
    ed.set_tool("select")
    drag(ed.view, [(1, 1), (2, 2)])
    assert ed.selection == [(1, 1), (2, 1), (1, 2), (2, 2)]
    assert ed.act_copy.isEnabled()
    ed.act_copy.trigger()
    text = QApplication.clipboard().text()
    assert "kind: test.hexmap" in text and "geometry: hex" in text and "- bc" in text
    other = open_plain(qtbot, HexDocument(hex_model(9, 7)))
    assert other.paste()
    move(other.view, 5, 4, Qt.MouseButton.NoButton)
    assert other.view.preview.isVisible()
    click(other.view, 5, 4)
    o = other.document
    assert (o.cell(5, 4), o.cell(6, 4), o.cell(5, 5), o.cell(6, 5)) == ("b", "c", "a", ".")
    assert o.undo_stack.count() == 1
    qtbot.keyClick(other.view, Qt.Key.Key_Escape)
    assert other.tool.name == "brush"
    # cut: copy and erase, one undo step
    ed.act_cut.trigger()
    assert (doc.cell(1, 1), doc.cell(2, 1)) == (".", ".") and doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.cell(2, 1) == "c"
    other.close_editor()


def test_screenshots_hex_editor_zoom_and_world_view(ed, qtbot):
    doc = ed.document
    g = doc.geometry()
    for c in g.cells():
        q, r = c
        v = "abc."[(q + 2 * r) % 4] if (q + r) % 3 else "."
        doc.set_cells_raw({c: v})
    ed.set_selection(g.region((1, 1), (2, 2)))
    path = shot(ed, "hex-editor.png")
    assert path.exists()
    # at 800 % the tiles are drawn at the device size: a hexagon's tile is 8 times the cell size
    ed.view.set_zoom(8.0)
    ed.view.centerOn(g.center((4, 3)))
    settle(qtbot, ed.view)
    shot(ed.view, "hex-zoom800.png")
    tile = ed.tiles.tile(doc.cell(4, 3), g, None, 8.0)
    assert tile.width() == pytest.approx(8 * g.px, abs=1)
    mm = ed.minimap
    mm.resize(240, 200)
    shot(mm, "hex-minimap.png")
    assert mm.colour_of_cell(0, 0) == ed.colour_of(doc.cell(0, 0))
    assert mm.colour_of_cell(4, 3) == ed.colour_of(doc.cell(4, 3))


def test_a_high_density_screen_gets_tiles_at_its_physical_pixels(ed):
    from PySide6.QtGui import QImage, QPainter

    doc = ed.document
    doc.set_cells_raw({(1, 1): "a"})
    b = ed.item.boundingRect()
    img = QImage(int(b.width() * 6), int(b.height() * 6), QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(2.0)  # what a 200 % screen's backing store is
    img.fill(0)
    p = QPainter(img)
    p.scale(3, 3)  # a 300 % zoom
    ed.item.paint_map(p, b)
    p.end()
    tile = ed.tiles.tile("a", doc.geometry(), None, 6.0, 2.0)
    assert tile.devicePixelRatio() == 2.0 and tile.width() == pytest.approx(6 * doc.geometry().px, abs=1)
    c = doc.geometry().center((1, 1))
    assert img.pixelColor(int(c.x() * 6) - 40, int(c.y() * 6)) == ed.colour_of("a")
    img.save(str(shots_dir() / "hex-dpr2-zoom300.png"))
