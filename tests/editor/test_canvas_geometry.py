"""The geometries on their own (no widgets): hit tests invert the layout, lines and paths have no
gaps, regions and brushes, the one coordinate notation, and the clipboard's YAML text."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridsmith.editor.core.clipboard import Clip, ClipError
from gridsmith.editor.core.geometry import HexGeometry, LatticeGeometry, SquareGeometry, bresenham
from gridsmith.formats import coords

GEOMETRIES = [SquareGeometry(7, 5), HexGeometry(9, 7), LatticeGeometry(19, 12)]


@pytest.mark.parametrize("g", GEOMETRIES, ids=lambda g: g.name)
def test_hit_test_inverts_the_layout_and_repaints_reach_every_cell(g):
    cells = list(g.cells())
    assert len(cells) == g.count() == len(set(cells))
    assert all(g.contains(c) for c in cells)
    for c in cells:
        assert g.cell_at(g.center(c)) == c
        assert g.bounds().contains(g.shape(c).boundingRect().center())
    assert set(g.cells_in(g.bounds())) == set(cells)
    assert set(g.placements()) == set(cells)


@pytest.mark.parametrize("g", GEOMETRIES, ids=lambda g: g.name)
def test_neighbours_are_symmetric(g):
    for c in g.cells():
        for n in g.neighbours(c):
            assert g.contains(n) and c in g.neighbours(n)


def test_outside_the_map_is_no_cell():
    from PySide6.QtCore import QPointF

    for g in GEOMETRIES:
        b = g.bounds()
        assert g.cell_at(QPointF(b.right() + 3 * g.px, b.bottom() + 3 * g.px)) is None
        assert g.cell_at(QPointF(-3 * g.px, -3 * g.px)) is None


@given(st.tuples(st.integers(0, 8), st.integers(0, 6)), st.tuples(st.integers(0, 8), st.integers(0, 6)))
def test_hex_lines_step_from_neighbour_to_neighbour(a, b):
    g = HexGeometry(9, 7)
    line = g.line(a, b)
    assert line[0] == a and line[-1] == b and len(line) == g.distance(a, b) + 1
    assert all(q in g.neighbours(p) for p, q in zip(line, line[1:]))


@given(st.tuples(st.integers(0, 18), st.integers(0, 11)), st.tuples(st.integers(0, 18), st.integers(0, 11)))
def test_lattice_paths_walk_edge_by_edge(a, b):
    g = LatticeGeometry(19, 12)
    pts = bresenham(a, b, four_connected=True)
    assert pts[0] == a and pts[-1] == b
    assert all(abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1 for p, q in zip(pts, pts[1:]))
    edges = g.edge_path(a, b)
    assert len(edges) == abs(a[0] - b[0]) + abs(a[1] - b[1])
    assert all(g.contains(e) for e in edges)


def test_regions_and_brushes():
    sq, hx, lat = GEOMETRIES
    assert sq.region((3, 1), (1, 2)) == [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)]
    assert sorted(sq.brush((0, 0), 3)) == [(0, 0), (0, 1), (1, 0), (1, 1)]  # clipped at the edge
    assert len(sq.brush((3, 2), 3)) == 9
    assert sorted(hx.brush((4, 3), 2)) == sorted([(4, 3), *hx.neighbours((4, 3))])
    assert len(hx.brush((4, 3), 3)) == 19
    assert set(lat.region((0, 0, 0), (0, 0, 1))) == {(0, 0, 0), (0, 0, 1), (1, 0, 1), (0, 1, 0)}


@pytest.mark.parametrize("geometry, cell, long, short", [
    ("square", (2, 1), "column 3, row 2", "3,2"),
    ("hex", (0, 6), "column 1, row 7", "1,7"),
    ("lattice", (2, 1, 0), "edge c2-d2", "c2-d2"),
    ("lattice", (2, 1, 1), "edge c2-c3", "c2-c3"),
    ("lattice", (4, 0), "point e1", "e1"),
])
def test_one_notation_reads_back(geometry, cell, long, short):
    n = coords.notation(geometry)
    assert n.label(cell) == long and n.short(cell) == short
    assert n.parse(short) == cell and n.parse(long) == cell


def test_notation_refuses_what_is_not_a_coordinate():
    with pytest.raises(coords.CoordinateError):
        coords.notation("square").parse("0,3")  # 1-based
    with pytest.raises(coords.CoordinateError):
        coords.notation("lattice").parse("a1-c1")  # not neighbours
    with pytest.raises(ValueError):
        coords.notation("triangle")


def test_a_lattice_wider_than_the_alphabet_is_still_named():
    """A 27-point-wide lattice is refused by the validator (CW401) but the editor shows it: its
    columns go on as spreadsheet columns do, and every name reads back (it crashed at column 27)."""
    n = coords.notation("lattice")
    assert [n.short((x, 0)) for x in (0, 25, 26, 27, 52)] == ["a1", "z1", "aa1", "ab1", "ba1"]
    assert n.short((25, 2, 0)) == "z3-aa3" and n.parse("z3-aa3") == (25, 2, 0)
    assert all(n.parse(n.short((x, 4))) == (x, 4) for x in range(800))
    with pytest.raises(coords.CoordinateError):
        n.short((-1, 0))


def test_clip_text_round_trips_and_refuses_other_text():
    clip = Clip.from_cells("test.lattice", LatticeGeometry(5, 5), {(2, 3, 0): "a", (3, 3, 1): "b", (2, 4, 0): "a"})
    text = clip.to_text()
    assert text.startswith("gridsmith: cells\n") and "geometry: lattice" in text
    back = Clip.from_text(text)
    assert back == clip and back.cells == {(0, 0, 0): "a", (1, 0, 1): "b", (0, 1, 0): "a"}
    hexclip = Clip.from_cells("test.hexmap", HexGeometry(5, 5), {(1, 1): "a", (3, 2): "b"})
    assert Clip.from_text(hexclip.to_text()).cells == {(0, 0): "a", (2, 1): "b"}  # a hole in between
    for bad in ("just text", "gridsmith: cells\nkind: x\n", "[1, 2", "gridsmith: cells\nkind: k\ngeometry: square\nlayers: [3]\n"):
        with pytest.raises(ClipError):
            Clip.from_text(bad)
