"""The Circuit War designer's loop as a person meets it (issue 30): every tool has its own icon; the
world view shows the lattice; an object on an edge without a circuit is refused with the reason;
objects, CPUs and gridrunners stay readable at fit zoom; the status bar names an edge in one notation
(formats.coords: `a6-b6`, as the file and the engine); in test-play a gridrunner is selected by a click (its legal targets highlighted) and
moved by a second click or by a drag, and a refusal says the rule. Mouse and keys go through QTest
to the real widgets. Screenshots: circuitwar-fit-objects.png, circuitwar-play-targets.png."""
from __future__ import annotations

import re

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from tests.circuitwar.test_circuitwar_painter import open_painter
from tests.circuitwar.test_circuitwar_play import _window
from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import cell_point
from tests.qt_fixtures import settle
from gridsmith.editor.circuitwar.document import CircuitWarDocument, edge_rc, rc_edge
from gridsmith.editor.core.playwindow import PlayWindow
from gridsmith.formats.circuitwar.templates import new_scenario

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
NONE = Qt.KeyboardModifier.NoModifier
NUMBER_NAME = re.compile(r"(?<![\w.])\d+,\d+")  # the numeric names the lattice no longer uses


def click(view, *cell, button=LEFT) -> None:
    QTest.mouseClick(view.viewport(), button, NONE, cell_point(view, *cell))


def drag(view, frm: tuple, to: tuple) -> None:
    a, b = cell_point(view, *frm), cell_point(view, *to)
    QTest.mousePress(view.viewport(), LEFT, NONE, a)
    QTest.mouseMove(view.viewport(), (a + b) / 2)
    QTest.mouseMove(view.viewport(), b)
    QTest.mouseRelease(view.viewport(), LEFT, NONE, b)


def test_every_tool_has_its_own_icon(qtbot):
    ed = open_painter(qtbot, CircuitWarDocument(new_scenario()))
    buttons = [a for a in ed.toolbar.actions() if not a.isSeparator() and not a.icon().isNull()]
    images = {a.text(): a.icon().pixmap(24, 24).toImage() for a in buttons}
    assert {"Circuit", "Object", "CPU", "Gridrunner", "Beam tracer", "Eraser", "Select", "&Paste"} <= set(images)
    names = list(images)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert images[a] != images[b], f"{a} and {b} share an icon"
    ed.close_editor()


def test_the_world_view_shows_the_lattice(qtbot):
    ed = open_painter(qtbot, CircuitWarDocument(new_scenario()))
    mini = ed.minimap
    empty = mini.colour_of_cell(3, 3, 0)  # an edge without a circuit
    assert empty.lightness() >= 100, f"the lattice is {empty.name()} on the near-black world view"
    drag(ed.view, (1, 1), (3, 1))
    assert mini.colour_of_cell(1, 1, 0) != empty  # a circuit in its owner's colour
    ed.close_editor()


def test_an_object_on_an_edge_without_a_circuit_is_refused_with_the_reason(qtbot):
    ed = open_painter(qtbot, CircuitWarDocument(new_scenario()))
    doc = ed.document
    QTest.keyClick(ed.view, Qt.Key.Key_O)  # the Object tool's key
    ed.set_tool("object")  # (the shortcut reaches the tool only in a main window)
    n = doc.undo_stack.count()
    click(ed.view, 10, 10, 0)
    assert doc.cell(10, 10, 0) == "." and doc.undo_stack.count() == n
    said = ed.messages[-1]
    assert "edge k11-l11" in said and "no circuit" in said and "Lay the circuit first" in said, said
    # the circuit first, then the object
    ed.set_tool("circuit")
    drag(ed.view, (10, 10), (11, 10))
    ed.set_tool("object")
    click(ed.view, 10, 10, 0)
    assert doc.cell(10, 10, 0) == "1R"
    ed.close_editor()


def test_objects_are_readable_at_fit_zoom(qtbot):
    ed = open_painter(qtbot, CircuitWarDocument(new_scenario()), size=(640, 460))  # the full 19 x 12 lattice
    drag(ed.view, (3, 3), (8, 3))
    ed.set_tool("object")
    click(ed.view, 5, 3, 0)  # a resistor
    assert ed.document.cell(5, 3, 0) == "1R"
    QTest.mouseClick(ed.toolbar.widgetForAction(ed.act_zoom_fit), LEFT)
    settle(qtbot, ed)
    assert ed.view.zoom < 1
    img = ed.view.viewport().grab().toImage()
    c = ed.view.mapFromScene(ed.document.geometry().center((5, 3, 0)))
    white = sum(1 for x in range(c.x() - 14, c.x() + 15) for y in range(c.y() - 10, c.y() + 11)
                if img.pixelColor(x, y).lightness() > 215)
    assert white >= 12 * 10, f"the resistor at fit zoom: {white} pixels of its box"
    shot(ed, "circuitwar-fit-objects.png")
    ed.close_editor()


def test_the_status_bar_names_an_edge_in_one_notation(qtbot):
    ed = open_painter(qtbot, CircuitWarDocument(new_scenario()))
    QTest.mouseMove(ed.view.viewport(), cell_point(ed.view, 0, 5, 0))
    said = ed.messages[-1]
    assert said.startswith("Edge a6-b6: ") and not NUMBER_NAME.search(said), said
    ed.close_editor()


def _label_ink(view, centre: QPoint, half: int = 9) -> int:
    """How many light pixels (text on the dark canvas) the view shows in a small square around `centre`."""
    image = view.viewport().grab().toImage()
    return sum(1 for x in range(centre.x() - half, centre.x() + half) for y in range(centre.y() - half, centre.y() + half)
               if QColor(image.pixel(x, y)).lightness() > 90)


def test_the_lattice_names_its_columns_and_rows_where_the_notation_needs_them(qtbot):
    """A log line says `j6`: the letters above the top row and the numbers left of the first column
    show where that is, in the painter and in play, at the zoom a file opens with."""
    ed = open_painter(qtbot, CircuitWarDocument(new_scenario()))
    settle(qtbot, ed)
    g, view = ed.document.geometry(), ed.view
    above_j = view.mapFromScene(g.point((9, 0)) - QPointF(0, g.px * 0.55))
    left_of_6 = view.mapFromScene(g.point((0, 5)) - QPointF(g.px * 0.55, 0))
    between = view.mapFromScene(g.point((9, 3)) + QPointF(g.px * 0.5, g.px * 0.5))  # inside the lattice
    assert _label_ink(view, above_j) > 5 and _label_ink(view, left_of_6) > 5
    assert _label_ink(view, between) == 0
    ed.close_editor()
    w = _play(qtbot, "duel.scn.yaml")
    g, view = w.provider._geometry(), w.provider.view
    settle(qtbot, w)
    assert _label_ink(view, view.mapFromScene(g.point((9, 0)) - QPointF(0, g.px * 0.55))) > 5
    w.close()


def _play(qtbot, name: str) -> PlayWindow:
    return _window(qtbot, name, ["human", "human"])


def _to_move_phase(w, seat: int) -> None:
    for _ in range(40):
        if w.state.phase == "move" and w.state.to_move == seat:
            return
        QTest.mouseClick(w.provider.end_button, LEFT)
    raise AssertionError("never reached the move phase")


def test_play_a_gridrunner_by_click_and_by_drag_with_its_targets_highlighted(qtbot):
    w = _play(qtbot, "fortress.scn.yaml")
    pv, view = w.provider, w.provider.view
    _to_move_phase(w, 0)
    s = w.state
    b = s.board
    runner = next((c // 2, r // 2) for p in b.points if b.runner[p] == 0 for r, c in [b.rc(p)])
    legal = {(c // 2, r // 2) for a in s.legal_actions() if a.op == "move" for r, c in [b.rc(a.b)]}
    assert legal
    assert not pv.targets_item.points
    click(view, *runner)
    assert pv.selected == runner and pv.targets_item.points == legal
    assert "selected" in w.statusBar().currentMessage()
    settle(qtbot, w)
    shot(w, "circuitwar-play-targets.png")
    # a point that is not a target: refused with the rule, the gridrunner stays selected
    far = next((x, y) for x in range(9) for y in range(7) if (x, y) not in legal and (x, y) != runner
               and b.runner[b.cell(2 * y, 2 * x)] < 0 and b.cpu[b.cell(2 * y, 2 * x)] < 0)
    click(view, *far)
    text = w.notice.text()
    assert text.startswith("Not possible: move ") and " — a gridrunner moves" in text, text
    assert not NUMBER_NAME.search(text), text
    assert pv.selected == runner
    # right-click lets go
    click(view, *runner, button=RIGHT)
    assert pv.selected is None and not pv.targets_item.points
    # the second click acts
    click(view, *runner)
    target = sorted(legal)[0]
    click(view, *target)
    b = w.state.board
    assert b.runner[b.cell(2 * target[1], 2 * target[0])] == 0, w.notice.text()
    # and a drag from the gridrunner to a target does the same
    s = w.state
    if s.phase == "move" and s.to_move == 0 and s.left > 0:
        legal = {(c // 2, r // 2) for a in s.legal_actions() if a.op == "move" for r, c in [b.rc(a.b)]}
        to = sorted(legal)[0]
        drag(view, target, to)
        assert b.runner[b.cell(2 * to[1], 2 * to[0])] == 0, w.notice.text()
    w.close()


def test_play_the_build_refusal_says_the_rule_and_the_log_uses_one_notation(qtbot):
    w = _play(qtbot, "duel.scn.yaml")
    pv, view, s = w.provider, w.provider.view, w.state
    me = s.to_move
    pv.build_item.setCurrentIndex(pv.build_item.findData("resistor"))
    click(view, 9, 9, 0)  # an edge without a circuit
    assert w.notice.text().startswith("Not possible: build resistor j10-k10 — "), w.notice.text()
    assert "objects are built on circuits" in w.notice.text()
    pv.build_item.setCurrentIndex(pv.build_item.findData("gridrunner"))
    cpu = next((c // 2, r // 2) for p in s.board.points if s.board.cpu[p] == me for r, c in [s.board.rc(p)])
    assert all(abs(x - cpu[0]) + abs(y - cpu[1]) == 1 for x, y in pv.targets_item.points)
    pv.build_item.setCurrentIndex(pv.build_item.findData("circuit"))
    click(view, *((0, 5, 0) if me == 0 else (17, 6, 0)))  # a circuit from the CPU
    log = [w.log.item(i).text() for i in range(w.log.count())]
    assert any("builds circuit a6-b6" in t or "builds circuit r7-s7" in t for t in log), log
    assert not any(NUMBER_NAME.search(t) for t in log), log
    w.close()


def test_play_attack_targets_are_the_edges_next_to_the_gridrunner(qtbot):
    w = _play(qtbot, "fortress.scn.yaml")
    pv, view = w.provider, w.provider.view
    _to_move_phase(w, 0)
    click(view, 1, 1)  # Red's gridrunner on 2,2 goes east along its circuit to 4,2, where Blue's circuits meet
    click(view, 2, 1)
    click(view, 3, 1)
    b = w.state.board
    assert b.runner[b.cell(2, 6)] == 0, w.notice.text()
    for _ in range(40):
        if w.state.phase == "action" and w.state.to_move == 0:
            break
        QTest.mouseClick(pv.end_button, LEFT)
    s = w.state
    b = s.board
    runner = next((c // 2, r // 2) for p in b.points if b.runner[p] == 0 for r, c in [b.rc(p)])
    click(view, *runner)
    attacks = {rc_edge(*b.rc(a.b)) for a in s.legal_actions() if a.op == "attack"}
    assert attacks and pv.targets_item.edges == attacks and pv.beam_item.isVisible()
    far = next(e for e in ((x, y, 0) for x in range(8) for y in range(7))
               if e not in attacks and b.owner[b.cell(*edge_rc(*e))] >= 0
               and runner not in ((e[0], e[1]), (e[0] + 1, e[1])))
    click(view, *far)
    assert " — a gridrunner attacks a circuit that touches its own point" in w.notice.text(), w.notice.text()
    w.close()
