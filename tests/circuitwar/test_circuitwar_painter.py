"""The Circuit War circuit painter on the shared lattice canvas: circuits laid from point to point in
the owner's colour (drag, or click-click), objects (a diode's direction from the drag, a capacitor's
charge), CPUs and gridrunners on points, the eraser, undo, and the formats validator's problems live.
Screenshots: circuitwar-painter.png, circuitwar-problems.png."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import click, drag, wait_validated

from gridsmith.editor.circuitwar.document import CircuitWarDocument
from gridsmith.formats.circuitwar.templates import new_scenario
from gridsmith.editor.circuitwar.scenario_editor import CircuitWarEditor
from tests.qt_fixtures import settle


def open_painter(qtbot, doc, size=(980, 640)) -> CircuitWarEditor:
    ed = CircuitWarEditor(doc)
    qtbot.addWidget(ed)
    ed.resize(*size)
    ed.show()
    qtbot.waitExposed(ed)
    ed.messages = []
    ed.statusMessage.connect(ed.messages.append)
    return ed


@pytest.fixture
def ed(qtbot):
    e = open_painter(qtbot, CircuitWarDocument(new_scenario()))
    yield e
    e.close_editor()


def choose_owner(ed, ch):
    ed.palette.set_owner(ch)
    assert ed.owner_char() == ch


def choose_object(ed, ch):
    ed.palette.set_object(ch)
    assert ed.object_char() == (">" if ch in "<>^v" else ch)


def codes(problems):
    return sorted(p.code for p in problems)


def test_a_drag_from_point_to_point_lays_circuits_in_the_owners_colour_one_undo_step(ed):
    doc = ed.document
    assert doc.geometry().name == "lattice" and doc.grid_size() == (19, 12)
    drag(ed.view, [(1, 1), (4, 1), (4, 3)])
    assert {e for e in doc.geometry().cells() if doc.cell(*e) == "1"} == \
        {(1, 1, 0), (2, 1, 0), (3, 1, 0), (4, 1, 1), (4, 2, 1)}
    # the file's rows read like the board: b2-e2 across, e2-e4 down, owner 1
    assert doc.model.grid[2][2:9] == "+1+1+1+"
    assert doc.model.grid[3][8] == "1" and doc.model.grid[5][8] == "1"
    assert doc.undo_stack.count() == 1 and doc.undo_stack.text(0) == "Lay circuit"
    doc.undo_stack.undo()
    assert all(doc.cell(*e) == "." for e in doc.geometry().cells())


def test_click_one_point_then_another_lays_the_path_between_them_for_the_chosen_side(ed):
    doc = ed.document
    choose_owner(ed, "2")
    click(ed.view, 6, 8)
    assert ed.points_item.anchor == (6, 8) and doc.undo_stack.count() == 0
    click(ed.view, 9, 8)
    assert [doc.cell(x, 8, 0) for x in (6, 7, 8)] == ["2", "2", "2"] and ed.points_item.anchor is None
    # grey circuits nobody owns
    choose_owner(ed, "0")
    drag(ed.view, [(6, 8), (6, 10)])
    assert doc.cell(6, 8, 1) == doc.cell(6, 9, 1) == "0"
    assert doc.model.grid[17][12] == "0"


def test_objects_diode_direction_from_the_drag_capacitor_charge_switches_and_eraser(ed, qtbot):
    doc = ed.document
    drag(ed.view, [(2, 2), (8, 2)])
    ed.set_tool("object")
    choose_object(ed, "R")
    click(ed.view, 2, 2, 0)
    assert doc.cell(2, 2, 0) == "1R"
    choose_object(ed, ">")
    drag(ed.view, [(4, 2), (3, 2)])  # from e3 to d3: a diode passing west
    assert doc.cell(3, 2, 0) == "1<"
    drag(ed.view, [(4, 2), (5, 2)])
    assert doc.cell(4, 2, 0) == "1>"
    choose_object(ed, "C")
    ed.palette.charge.setValue(15)
    click(ed.view, 5, 2, 0)
    assert doc.cell(5, 2, 0) == "1C15"
    assert [(c.at, c.charge) for c in doc.model.charges] == [("f3-g3", 15)]
    choose_object(ed, "O")
    click(ed.view, 6, 2, 0)
    choose_object(ed, "G")
    click(ed.view, 7, 2, 0)
    assert doc.model.objects[4] == "     R < > C O G"
    # a circuit laid again in another colour keeps its object
    ed.set_tool("circuit")
    choose_owner(ed, "2")
    drag(ed.view, [(5, 2), (6, 2)])
    assert doc.cell(5, 2, 0) == "2C15"
    # the eraser takes the circuit and its object (and the capacitor's charge)
    ed.set_tool("eraser")
    drag(ed.view, [(5, 2), (6, 2)])
    assert doc.cell(5, 2, 0) == "." and doc.model.charges == []
    assert wait_validated(qtbot, ed) == [] or "CW407" not in codes(ed.problems())
    for _ in range(doc.undo_stack.count()):
        doc.undo_stack.undo()
    assert doc.model == new_scenario()


def test_cpus_and_gridrunners_on_points_and_the_problems_live(ed, qtbot):
    doc = ed.document
    assert wait_validated(qtbot, ed) == [] or not [p for p in ed.problems() if p.severity.name == "ERROR"]
    # Red's CPU is at a7 (template: left edge); a Blue circuit next to it is a problem (CW406)
    assert doc.cpu_of(0) == (0, 6)
    choose_owner(ed, "2")
    drag(ed.view, [(0, 6), (1, 6)])
    probs = wait_validated(qtbot, ed)
    assert "CW406" in codes(probs)
    cw406 = next(p for p in probs if p.code == "CW406")
    assert doc.locate(cw406.path) == ("cell", 0, 6, 0)
    doc.undo_stack.undo()
    # Blue's CPU off the edge (CW403), then back on the edge
    ed.set_tool("cpu")
    click(ed.view, 9, 5)
    assert doc.cpu_of(1) == (9, 5) and doc.point(18, 5) == "+"
    probs = wait_validated(qtbot, ed)
    assert "CW403" in codes(probs)
    assert "point j6" == ed.describe_path(next(p for p in probs if p.code == "CW403").path)
    shot(ed, "circuitwar-problems.png")
    click(ed.view, 18, 0)
    assert doc.cpu_of(1) == (18, 0)
    # an object on nothing (CW407) is refused with the reason: lay the circuit first (issue 30)
    ed.set_tool("object")
    choose_object(ed, "T")
    n = doc.undo_stack.count()
    click(ed.view, 10, 10, 0)
    assert doc.cell(10, 10, 0) == "." and doc.undo_stack.count() == n
    assert "edge k11-l11" in ed.messages[-1] and "Lay the circuit first" in ed.messages[-1]
    assert ed.problems_panel is not None
    # gridrunners: Red's, strong, next to its CPU; a second click removes it; not on a CPU
    ed.set_tool("gridrunner")
    choose_owner(ed, "1")
    ed.palette.level.setCurrentIndex(3)
    click(ed.view, 1, 6)
    assert doc.point(1, 6) == "as" and doc.model.grid[12][2] == "a" and doc.model.objects[12][2] == "s"
    assert "strong gridrunner of Red" in ed.describe_cell(0, 6, 0)
    click(ed.view, 0, 6)
    assert "CPU stands on point a7" in ed.messages[-1] and doc.point(0, 6) == "A"
    click(ed.view, 1, 6, Qt.MouseButton.RightButton)
    assert doc.point(1, 6) == "+"
    assert wait_validated(qtbot, ed) == [] or "CW403" not in codes(ed.problems())


def test_painter_screenshot(ed, qtbot):
    """A small scene: circuits of both sides and grey, objects, gridrunners (LOOK at the shot)."""
    doc = ed.document
    drag(ed.view, [(0, 6), (5, 6), (5, 3), (9, 3)])
    ed.set_tool("gridrunner")
    click(ed.view, 1, 6)
    click(ed.view, 5, 4)
    ed.set_tool("circuit")
    choose_owner(ed, "2")
    drag(ed.view, [(18, 5), (13, 5), (13, 8), (9, 8)])
    ed.set_tool("gridrunner")
    click(ed.view, 15, 5)
    ed.set_tool("circuit")
    choose_owner(ed, "0")
    drag(ed.view, [(9, 3), (9, 8)])
    ed.set_tool("object")
    for ch, edge in (("R", (2, 6, 0)), ("C", (5, 4, 1)), ("S", (7, 3, 0)), ("G", (9, 5, 1)),
                     ("T", (14, 5, 0)), ("O", (13, 6, 1))):
        choose_object(ed, ch)
        click(ed.view, *edge)
    choose_object(ed, ">")
    drag(ed.view, [(10, 8), (9, 8)])
    ed.view.set_zoom(1.6, anchor=None)
    ed.view.centerOn(doc.geometry().point((9, 6)))
    settle(qtbot, ed)
    p = shot(ed, "circuitwar-painter.png")
    assert p.exists() and doc.cell(9, 8, 0) == "2<"


def _scene(ed):
    """Circuits of red b3-e3 with a ground on c3-d3, a capacitor charged 15 on e3-e4, a diode on
    e4-e5 passing south, red's CPU on a3 with a circuit to b3 and a strong gridrunner on d3."""
    doc = ed.document
    drag(ed.view, [(0, 2), (4, 2), (4, 4)])
    ed.set_tool("object")
    choose_object(ed, "G")
    click(ed.view, 2, 2, 0)
    choose_object(ed, "C")
    ed.palette.charge.setValue(15)
    click(ed.view, 4, 2, 1)
    choose_object(ed, "v")
    drag(ed.view, [(4, 3), (4, 4)])
    doc.place_cpu(0, (0, 2))
    doc.set_points({(3, 2): "as"}, "Place gridrunner")
    return doc


def test_copy_and_paste_circuitry_with_objects_charges_cpus_and_gridrunners(ed, qtbot):
    from PySide6.QtWidgets import QApplication

    doc = _scene(ed)
    before = {e: doc.cell(*e) for e in doc.geometry().cells()}
    ed.set_selection(doc.geometry().region((0, 2, 0), (4, 3, 1)))  # points a3..e5
    assert ed.copy() and "Copied 6 circuits and 2 CPUs or gridrunners" in ed.messages[-1]
    text = QApplication.clipboard().text()
    assert "gridsmith: cells" in text and "kind: circuitwar.scenario" in text and "0,0,1: 15" not in text
    assert "4,0,1: 15" in text and "- A++s" not in text and "- A++a" in text
    assert ed.paste() and "Pasting" in ed.messages[-1]
    n = doc.undo_stack.count()
    ed.view.tool.press((10, 5, 0), Qt.MouseButton.LeftButton)  # top-left point of the copy on k6
    assert doc.undo_stack.count() == n + 1 and doc.undo_stack.text(n) == "Paste"
    assert [doc.cell(*e) for e in ((10, 5, 0), (12, 5, 0), (14, 5, 1), (14, 6, 1))] == ["1", "1G", "1C15", "1v"]
    assert doc.point(13, 5) == "as" and doc.point(10, 5) == "A"
    assert doc.point(0, 2) == "+"  # a side has one CPU: the pasted one moved it
    assert all(doc.cell(*e) == v for e, v in before.items() if e[0] < 10)  # the original circuits stay
    doc.undo_stack.undo()  # one step takes the whole paste back
    assert doc.cell(12, 5, 0) == "." and doc.point(13, 5) == "+" and doc.point(0, 2) == "A"
    assert {e: doc.cell(*e) for e in doc.geometry().cells()} == before
    doc.undo_stack.redo()
    assert doc.cell(14, 5, 1) == "1C15" and doc.point(10, 5) == "A"


def test_cut_moves_circuitry_and_delete_clears_it_with_its_points_one_step_each(ed):
    from PySide6.QtWidgets import QApplication

    doc = _scene(ed)
    sel = doc.geometry().region((0, 2, 0), (4, 3, 1))
    ed.set_selection(sel)
    n = doc.undo_stack.count()
    assert ed.cut() and doc.undo_stack.text(n) == "Cut"
    assert all(doc.cell(*e) == "." for e in sel) and doc.point(3, 2) == "+" and doc.point(0, 2) == "+"
    assert ed.paste(QApplication.clipboard().text())
    ed.view.tool.press((0, 6, 0), Qt.MouseButton.LeftButton)
    assert doc.cell(2, 6, 0) == "1G" and doc.cell(4, 6, 1) == "1C15" and doc.point(3, 6) == "as"
    assert doc.point(0, 6) == "A"
    ed.set_selection(doc.geometry().region((0, 6, 0), (4, 7, 1)))
    assert ed.delete_selection() and doc.undo_stack.text(doc.undo_stack.count() - 1) == "Delete"
    assert all(doc.cell(*e) == "." for e in doc.geometry().cells()) and doc.points() == {(18, 5): "B"}
    doc.undo_stack.undo()
    assert doc.cell(2, 6, 0) == "1G" and doc.point(3, 6) == "as"


def test_a_paste_of_foreign_or_broken_text_is_refused_in_words(ed):
    assert not ed.paste("hello") and "Cannot paste" in ed.messages[-1]
    other = "gridsmith: cells\nkind: pendulous.scenario\ngeometry: square\nlayers:\n- - '11'\n"
    assert not ed.paste(other) and "pendulous.scenario" in ed.messages[-1]
    bad = ("gridsmith: cells\nkind: circuitwar.scenario\ngeometry: lattice\nlayers:\n- - '1'\n- []\n"
           "objects:\n- - ' Q'\n")
    assert not ed.paste(bad) and "Q" in ed.messages[-1]
    bare = "gridsmith: cells\nkind: circuitwar.scenario\ngeometry: lattice\nlayers:\n- - '12'\n- []\n"
    assert ed.paste(bare)  # another lattice copy without objects or points: bare circuits
    ed.view.tool.press((3, 3, 0), Qt.MouseButton.LeftButton)
    assert ed.document.cell(3, 3, 0) == "1" and ed.document.cell(4, 3, 0) == "2"
