"""The circuit painter in the editor's main window: File > Open finds it (plug-in discovery), the
palette and problems docks, a problem click selects its edge, the beam tracer in the painter, and
Play (F5) asks for the seats and plays the unsaved document. Screenshots: circuitwar-window.png,
circuitwar-painter-beam.png."""
from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtWidgets import QDialog

from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import click, drag, wait_validated
from gridsmith.editor.circuitwar.scenario_editor import CircuitWarEditor
from gridsmith.editor.core.seat_dialog import SeatDialog
from gridsmith.engine.circuitwar.beam import preview
from gridsmith.engine.circuitwar.game import new_game
from tests.qt_fixtures import settle

CW = Path(__file__).resolve().parents[2] / "content" / "circuitwar"


def _open(window, tmp_path, name="fortress.scn.yaml") -> CircuitWarEditor:
    shutil.copy(CW / name, tmp_path / name)
    ed = window.open_file(tmp_path / name)
    assert isinstance(ed, CircuitWarEditor)
    return ed


def test_the_painter_in_the_window_with_live_problems_and_the_beam_tracer(qtbot, window, tmp_path):
    ed = _open(window, tmp_path)
    doc = ed.document
    assert wait_validated(qtbot, ed) == []
    # a Red circuit next to Blue's CPU (s7): the formats validator's CW406, live, located on the edge
    ed.palette.set_owner("1")
    drag(ed.view, [(7, 3), (8, 3)])
    probs = wait_validated(qtbot, ed)
    assert [p.code for p in probs] == ["CW406"]
    ed.go_to_problem(probs[0].path)
    assert ed.view.selection.isVisible()
    assert ed.describe_path(probs[0].path).startswith("edge")
    # the beam tracer: Red's strong gridrunner on b2 fired east with flux south, by the engine
    ed.set_tool("beam")
    ed.palette.direction.setValue(1)
    ed.palette.flux.setValue(2)
    click(ed.view, 1, 1)
    state = new_game(doc.snapshot(), 0, ruleset=doc.ruleset(), scenario_file=doc.path)
    expect = preview(state, state.board.parse_point("b2"), 1, 2)
    assert ed.trace == expect and ed.beam_item.isVisible()
    assert ed.palette.trace_label.text().startswith("Beam tracer: b2 c2 d2")
    # an edit retraces: undo the circuit next to Blue's CPU, the trace is traced again on the document
    doc.undo_stack.undo()
    assert ed.trace == expect
    assert wait_validated(qtbot, ed) == []
    settle(qtbot, window)
    shot(window, "circuitwar-window.png")
    # a gridrunner-less point: said in words, nothing drawn
    click(ed.view, 8, 0)
    assert ed.trace is None and not ed.beam_item.isVisible()
    assert ed.palette.trace_label.text() == "Beam tracer: no gridrunner on i1"


def test_play_from_the_painter_asks_for_seats_and_plays_the_unsaved_document(qtbot, window, tmp_path, monkeypatch):
    ed = _open(window, tmp_path, "duel.scn.yaml")
    ed.palette.set_owner("1")
    drag(ed.view, [(0, 5), (3, 5)])  # unsaved: Red starts with three circuits

    def choose(dlg):
        for box in dlg.kinds:
            box.setCurrentIndex(box.findData("random"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SeatDialog, "exec", choose)
    window.act_play.trigger()
    (pw,) = window.play_windows
    assert pw.seats == ["random", "random"] and pw.source_editor is ed
    b = pw.state.board
    assert b.owner[b.parse_circuit("a6-b6")] == 0
    pw.set_pace("fast")
    qtbot.waitUntil(lambda: pw.match.actions >= 10, timeout=30_000)
    pw.close()
