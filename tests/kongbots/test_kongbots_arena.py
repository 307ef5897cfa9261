"""The Kongbots arena painter on the hex canvas: paint floor, walls, outside and entries; hex fill;
undo; live problems from the formats validator; the diamond generator; the symmetry lock; the line
of sight and ECM overlays from the engine. Screenshots: kongbots-arena.png, kongbots-arena-sight.png."""
from __future__ import annotations

import shutil

import pytest

from gridsmith.editor.core import files
from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import ROOT, click, drag, move, open_in_editor, wait_validated

CONTENT = ROOT / "content" / "kongbots"


def open_arena(qtbot, tmp_path, name):
    """A copy of a bundled arena in its registered editor (the plug-in the shell would pick)."""
    shutil.copy(CONTENT / name, tmp_path / name)
    return open_in_editor(qtbot, tmp_path / name)


@pytest.fixture
def ed(qtbot, tmp_path):
    e = open_arena(qtbot, tmp_path, "classic-diamond.arena.yaml")
    yield e
    e.close_editor()


def test_paint_walls_entries_outside_and_undo(ed):
    doc = ed.document
    assert doc.geometry().name == "hex" and doc.grid_size() == (8, 8)
    ed.set_current_value("#")
    drag(ed.view, [(2, 3), (5, 3)])
    assert doc.model.rows[3] == "..####.."
    assert doc.undo_stack.count() == 1
    ed.set_current_value("-")
    click(ed.view, 7, 0)
    ed.set_current_value("B")
    click(ed.view, 5, 7)
    assert doc.model.rows[0] == "AA.....-" and doc.model.rows[7] == ".....BBB"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.model.rows[3] == "........" and doc.model.rows[0] == "AA......"
    assert ed.describe_cell(0, 0) == "column 1, row 1: entry of team A"


def test_hex_fill_stops_at_walls(ed):
    doc = ed.document
    g = doc.geometry()
    ed.set_current_value("#")
    for c in g.neighbours((4, 4)):
        click(ed.view, *c)
    ed.set_current_value("-")
    ed.set_tool("fill")
    click(ed.view, 4, 4)
    assert doc.cell(4, 4) == "-" and sum(doc.cell(*c) == "-" for c in g.cells()) == 1


def test_live_problems_come_from_the_formats_validator(qtbot, ed):
    doc = ed.document
    ed.set_current_value(".")
    drag(ed.view, [(5, 7), (7, 7)])
    click(ed.view, 7, 6)
    problems = wait_validated(qtbot, ed)
    codes = {p.code for p in problems}
    assert "KB412" in codes  # team B has no entry hex: the formats' own check and code
    p = next(p for p in problems if p.code == "KB412")
    assert "team B" in p.message
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert "KB412" not in {p.code for p in wait_validated(qtbot, ed)}


def test_diamond_generator_any_size_is_one_undo_step(ed):
    from gridsmith.formats.kongbots.arena import arena_problems, entries

    doc = ed.document
    ed.panel.size.setValue(13)
    ed.panel.entries.setValue(4)
    ed.panel.generate.click()
    assert doc.grid_size() == (13, 13) and doc.geometry().count() == 169
    assert not arena_problems(doc.model.rows)
    assert len(entries(doc.model.rows, "A")) == 4 and len(entries(doc.model.rows, "B")) == 4
    assert ed.item.boundingRect().width() == pytest.approx(doc.geometry().px * (13 + 12 / 2))
    doc.undo_stack.undo()
    assert doc.grid_size() == (8, 8)


def test_symmetry_lock_mirrors_every_edit_through_the_centre(ed):
    doc = ed.document
    ed.panel.symmetry.setChecked(True)
    ed.set_current_value("#")
    drag(ed.view, [(1, 3), (3, 3)])
    assert doc.model.rows[3] == ".###...." and doc.model.rows[4] == "....###."
    ed.set_current_value("A")
    click(ed.view, 3, 0)  # an entry of A here is one of B opposite
    assert doc.cell(3, 0) == "A" and doc.cell(4, 7) == "B"
    ed.set_tool("fill")
    ed.set_current_value("-")
    click(ed.view, 7, 0)  # the fill and its mirror image
    assert doc.cell(7, 0) == "-" and doc.cell(0, 7) == "-"
    rows = doc.model.rows
    w, h = doc.grid_size()
    swap = {"A": "B", "B": "A"}
    assert all(swap.get(rows[r][q], rows[r][q]) == rows[h - 1 - r][w - 1 - q] for r in range(h) for q in range(w))
    n = doc.undo_stack.count()
    doc.undo_stack.undo()  # a mirrored edit is one undo step
    assert doc.cell(7, 0) == "." and doc.cell(0, 7) == "." and doc.undo_stack.count() == n
    ed.panel.symmetry.setChecked(False)
    ed.set_tool("brush")
    ed.set_current_value("#")
    click(ed.view, 2, 1)
    assert doc.cell(5, 6) == "."


def test_line_of_sight_and_ecm_overlays_use_the_engine(ed):
    from PySide6.QtCore import Qt

    from gridsmith.engine.kongbots.arena import arena_map

    doc = ed.document
    ed.set_current_value("#")
    drag(ed.view, [(2, 4), (5, 4)])
    ed.panel.sight.setChecked(True)
    ed.panel.ecm.setChecked(True)
    move(ed.view, 3, 6, buttons=Qt.MouseButton.NoButton)
    seen = ed.visible_from((3, 6))
    amap = arena_map(tuple(doc.model.rows))
    assert seen and all(amap.clear((3, 6), h) for h in seen)
    hidden = [h for h in amap.floor if h != (3, 6) and h not in seen]
    assert (3, 1) in hidden  # behind the wall
    assert ed.sight_overlay.isVisible() and ed.ecm_overlay.isVisible()
    assert sorted(ed.ecm_field((3, 6))) == sorted([(3, 6), *doc.geometry().neighbours((3, 6))])
    assert "sees" in ed.describe_cell(3, 6)
    shot(ed, "kongbots-arena-sight.png")
    move(ed.view, 2, 4, buttons=Qt.MouseButton.NoButton)  # a wall sees nothing
    assert ed.visible_from((2, 4)) == []


def test_screenshot_of_the_pit(qtbot, tmp_path):
    e = open_arena(qtbot, tmp_path, "pit.arena.yaml")
    shot(e, "kongbots-arena.png")
    shot(e.panel, "kongbots-arena-panel.png")
    e.close_editor()


@pytest.mark.parametrize("kind", ["kongbots.arena", "kongbots.bot", "kongbots.scenario"])
def test_every_kongbots_kind_opens_new_in_the_main_window(window, kind):
    """File > New: the plug-in's fresh model opens in its editor tab and has no errors."""
    from gridsmith.editor.core import plugins

    plugin = plugins.get(kind)
    ed = window.add_document(plugin.document_class(files.new_model(plugin.kind)))
    assert isinstance(ed, plugin.editor_class)
    assert not [p for p in ed.validate_now() if p.severity.value == "error"]
