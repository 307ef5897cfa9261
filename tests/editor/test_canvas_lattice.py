"""The canvas on a lattice document (19 x 12 points, the edges between them are the cells): a
stroke runs from point to point and lays the path of edges, locked to add or erase by its first
edge, previewed until the release; fill follows connected edges; problems point at edges.
Screenshots: lattice-stroke-preview.png, lattice-editor.png, lattice-minimap.png."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from canvas_models import LatticeDocument, lattice_model, open_plain, previewed_drag, shot
from editor_helpers import click, drag, move, press, release


@pytest.fixture
def ed(qtbot):
    e = open_plain(qtbot, LatticeDocument(lattice_model(19, 12)), size=(820, 600))
    yield e
    e.close_editor()


def laid(doc, value="a"):
    return {c for c in doc.geometry().cells() if doc.cell(*c) == value}


def test_the_cells_are_the_edges_between_points(ed):
    g = ed.document.geometry()
    assert g.name == "lattice" and (g.w, g.h) == (19, 12)
    assert g.count() == 18 * 12 + 19 * 11 == len(list(g.cells()))
    # the nearest edge to a point between two points is the edge joining them; every point is a stroke end
    assert g.cell_at(g.center((3, 4, 0))) == (3, 4, 0) and g.cell_at(g.center((3, 4, 1))) == (3, 4, 1)
    assert g.cell_at(g.point((18, 11))) in ((17, 11, 0), (18, 10, 1))


def test_a_stroke_lays_a_path_previewed_until_release_and_is_one_undo_step(ed, qtbot):
    doc = ed.document
    press(ed.view, 1, 1)
    move(ed.view, 5, 1)
    move(ed.view, 5, 4)
    assert ed.view.preview.isVisible() and laid(doc) == set()  # nothing laid before the release
    shot(ed, "lattice-stroke-preview.png")
    release(ed.view, 5, 4)
    assert laid(doc) == {(x, 1, 0) for x in range(1, 5)} | {(5, y, 1) for y in range(1, 4)}
    assert not ed.view.preview.isVisible()
    assert doc.undo_stack.count() == 1 and doc.undo_stack.text(0) == "Lay path"
    doc.undo_stack.undo()
    assert laid(doc) == set()


def test_a_stroke_that_starts_on_a_laid_edge_erases_and_stays_erasing(ed):
    doc = ed.document
    drag(ed.view, [(1, 1), (5, 1)])
    assert len(laid(doc)) == 4
    # from (5,1) back to (3,1), then down over empty edges: locked to erase, so nothing is added
    drag(ed.view, [(5, 1), (3, 1), (3, 3)])
    assert laid(doc) == {(1, 1, 0), (2, 1, 0)}
    assert doc.undo_stack.text(1) == "Erase path"


def test_a_fast_diagonal_stroke_leaves_no_gap(ed):
    doc = ed.document
    drag(ed.view, [(0, 5), (4, 8)])
    path = laid(doc)
    g = doc.geometry()
    assert len(path) == 4 + 3
    pts = [p for e in path for p in g.ends(e)]
    ends = {p for p in pts if pts.count(p) == 1}
    assert ends == {(0, 5), (4, 8)}  # one connected path from the first point to the last


def test_click_toggles_an_edge_and_the_eraser_only_erases(ed):
    doc = ed.document
    click(ed.view, 7, 7, 0)
    assert doc.cell(7, 7, 0) == "a"
    click(ed.view, 7, 7, 0)
    assert doc.cell(7, 7, 0) == "."
    drag(ed.view, [(2, 9), (6, 9)])
    ed.set_tool("eraser")
    drag(ed.view, [(4, 8), (4, 9), (6, 9)])  # starts on an empty edge: still erases
    assert laid(doc) == {(2, 9, 0), (3, 9, 0)}


def test_line_rectangle_fill_and_picker(ed):
    doc = ed.document
    previewed_drag(ed, "line", (1, 10), (8, 10))
    assert laid(doc) == {(x, 10, 0) for x in range(1, 8)}
    previewed_drag(ed, "rectangle", (10, 2, 0), (12, 4, 1))  # the edges within points (10..12, 2..5)
    box = {c for c in doc.geometry().region((10, 2, 0), (12, 4, 1))}
    assert box <= laid(doc) and len(box) == 2 * 4 + 3 * 3
    # fill follows edges that share a point: the rectangle's edges, not the separate line
    ed.value = "b"
    ed.set_tool("fill")
    click(ed.view, 11, 3, 0)
    assert laid(doc, "b") == box and laid(doc, "a") == {(x, 10, 0) for x in range(1, 8)}
    ed.set_tool("picker")
    ed.value = "c"
    click(ed.view, 3, 10, 0)
    assert ed.value == "a"


def test_problem_points_at_its_edge_and_the_notation_names_both_points(ed):
    doc = ed.document
    doc.set_cells_raw({(2, 1, 0): "x"})
    problems = ed.validate_now()
    assert [p.path for p in problems] == [("across", 1, 2)]
    assert ed.describe_path(problems[0].path) == "edge c2-d2"
    ed.go_to_problem(problems[0].path)
    assert ed.view.selection.path().boundingRect() == doc.geometry().tile_rect((2, 1, 0))
    move(ed.view, 2, 1, 0, Qt.MouseButton.NoButton)
    assert ed.messages[-1] == "Edge c2-d2: 'x'"


def test_copy_and_paste_edges_into_another_lattice(ed, qtbot):
    from PySide6.QtWidgets import QApplication

    doc = ed.document
    drag(ed.view, [(1, 1), (3, 1), (3, 2)])
    ed.set_tool("select")
    drag(ed.view, [(1, 1, 0), (3, 1, 1)])
    assert set(ed.selection) >= {(1, 1, 0), (2, 1, 0), (3, 1, 1)}
    assert ed.copy()
    assert "geometry: lattice" in QApplication.clipboard().text()
    other = open_plain(qtbot, LatticeDocument(lattice_model(19, 12)))
    assert other.paste()
    click(other.view, 10, 6, 0)
    assert laid(other.document) == {(10, 6, 0), (11, 6, 0), (12, 6, 1)}
    assert other.document.undo_stack.count() == 1
    # a hex map's cells do not paste into a lattice
    assert not other.paste("gridsmith: cells\nkind: test.hexmap\ngeometry: hex\nlayers: [[ab]]\n")
    assert "Cannot paste" in other.messages[-1]
    other.close_editor()


def test_screenshots_of_circuits_and_the_world_view(ed):
    doc = ed.document
    drag(ed.view, [(1, 1), (9, 1), (9, 6), (4, 6), (4, 10)])
    ed.value = "b"
    drag(ed.view, [(12, 2), (17, 2), (17, 9), (12, 9), (12, 3)])
    ed.value = "c"
    drag(ed.view, [(9, 6), (14, 6)])
    ed.set_selection(doc.geometry().region((1, 8, 0), (2, 9, 1)))
    shot(ed, "lattice-editor.png")
    mm = ed.minimap
    mm.resize(260, 200)
    shot(mm, "lattice-minimap.png")
    assert mm.colour_of_cell(3, 1, 0) == ed.colour_of("a")
    assert mm.colour_of_cell(14, 2, 0) == ed.colour_of("b")
