"""Circuit War test-play in the shared play window: 2 human seats building, moving and firing by
clicks (the beam traced by the engine before firing), energy bars and the side order, a capacitor's
charge on click, refusals in words; 4 computer seats, save and load.
Screenshots: circuitwar-play-beam.png, circuitwar-play-four.png."""
from __future__ import annotations

from pathlib import Path


from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import click
from gridsmith.editor.core.play_provider import provider_class
from gridsmith.editor.core.playwindow import PlayWindow
from gridsmith.engine.circuitwar.beam import preview
from gridsmith.formats.loader import load_file
from tests.qt_fixtures import settle

ROOT = Path(__file__).resolve().parents[2]
CW = ROOT / "content" / "circuitwar"


def _window(qtbot, name: str, seats, seed=3) -> PlayWindow:
    path = CW / name
    w = PlayWindow(provider_class("circuitwar"), load_file(path).model, list(seats), seed, base=path.parent,
                   agent_seed=4, pace="fast")
    qtbot.addWidget(w)
    w.resize(1100, 760)
    w.show()
    qtbot.waitExposed(w)
    w.begin()
    return w


def test_two_humans_build_by_clicks_with_energy_bars_and_the_side_order(qtbot):
    w = _window(qtbot, "duel.scn.yaml", ["human", "human"])
    pv, s = w.provider, w.state
    assert s.phase == "build" and len(s.order) == 2
    shown = [lab.text() for lab in pv.order_labels if lab.isVisible()]
    assert shown == [f"{k + 1}. {w.names[q]}" for k, q in enumerate(s.order)]
    me = s.to_move
    cpu_edge = (0, 5, 0) if me == 0 else (17, 6, 0)
    runner_point = (1, 5) if me == 0 else (17, 6)
    energy = s.energy[me]
    cost = s.rules.build.costs.circuit
    assert pv.bars[me].text() == f"{energy} → {energy - cost} after a circuit"
    click(pv.view, *cpu_edge)
    b = w.state.board
    assert b.owner[b.cell(2 * cpu_edge[1], 2 * cpu_edge[0] + 1)] == me
    assert w.state.energy[me] == energy - cost and w.state.left == s.rules.build.per_turn - 1
    # a point far from the CPU: no gridrunner there, said in words
    pv.build_item.setCurrentIndex(pv.build_item.findData("gridrunner"))
    left = w.state.energy[me]
    assert pv.bars[me].text() == f"{left} → {left - 10} after a gridrunner"  # the bar darkens by 10
    settle(qtbot, w)
    shot(w, "circuitwar-play-build.png")
    click(pv.view, 9, 0)
    assert w.notice.text() == ("Not possible: build gridrunner j1 — a gridrunner is built on a point next to "
                               "your CPU, joined to it by a circuit")
    click(pv.view, *runner_point)
    p = w.state.board.cell(2 * runner_point[1], 2 * runner_point[0])
    assert w.state.board.runner[p] == me
    w.close()


def _to_phase(w, phase: str, seat: int) -> None:
    for _ in range(40):
        s = w.state
        if s.phase == phase and s.to_move == seat:
            return
        w.provider.end()
    raise AssertionError(f"never reached {phase} of seat {seat}")


def test_the_beam_is_traced_by_the_engine_before_firing_and_a_capacitor_tells_its_charge(qtbot):
    w = _window(qtbot, "fortress.scn.yaml", ["human", "human"])
    pv = w.provider
    click(pv.view, 4, 5, 0)  # the capacitor on e6-f6
    assert pv.charge_label.text() == "Capacitor on e6-f6: charge 15"
    _to_phase(w, "action", 0)
    click(pv.view, 1, 1)  # Red's STRONG gridrunner on b2
    assert pv.selected == (1, 1)
    pv.direction.setValue(1)  # E
    pv.flux.setValue(2)  # S
    s = w.state
    b2 = s.board.parse_point("b2")
    expect = preview(s, b2, 1, 2)
    assert pv.trace == expect and pv.beam_item.isVisible()
    assert pv.trace_label.text().startswith("b2 c2")
    assert len(expect.path) > 2
    settle(qtbot, w)
    shot(w, "circuitwar-play-beam.png")
    before = len(w.match.action_log())
    assert pv.fire_button.isEnabled()
    pv.fire_button.click()
    log = w.match.action_log()
    assert len(log) == before + 1 and log[-1][1] == "fire b2 E S"
    # the fired beam runs along its path, point by point, and stays drawn
    fired = pv.fired
    assert fired is not None and pv.animating and len(pv.beam_item.trace.path) < len(fired.path)
    qtbot.waitUntil(lambda: not pv.animating, timeout=5000)
    assert pv.beam_item.trace.path == fired.path and pv.beam_item.isVisible()
    assert [w.state.board.point_name(p) for p in fired.path][:2] == ["b2", "c2"]
    w.close()


def test_four_computer_seats_play_save_and_load(qtbot, tmp_path):
    w = _window(qtbot, "four.scn.yaml", ["random", "heuristic", "random", "heuristic"])
    qtbot.waitUntil(lambda: w.match.actions >= 40 or w.state.is_over, timeout=120_000)
    w.stop_computer()
    assert len(w.provider.bars) == 4 and w.state.n == 4
    settle(qtbot, w)
    shot(w, "circuitwar-play-four.png")
    log = w.match.action_log()
    saved = w.save_game(tmp_path / "four.sav.yaml")
    w.new_game(11)
    w.stop_computer()
    assert w.load_game(saved)
    assert w.match.action_log() == log
    w.close()


def test_the_provider_is_found():
    cls = provider_class("circuitwar")
    assert cls.game_name == "circuitwar" and cls.seat_colour(1).name() == "#2f62c8"


def test_the_balance_lab_plays_a_circuit_war_document(qtbot, tmp_path):
    """Tools > Balance… on the painter's document (unsaved edits included): 4 seats of computers."""
    import shutil

    from gridsmith.editor.core import files, plugins
    from gridsmith.editor.core.balance import BalanceDialog

    shutil.copy(CW / "four.scn.yaml", tmp_path / "four.scn.yaml")
    doc = files.open_document(tmp_path / "four.scn.yaml")
    ed = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(ed)
    dlg = BalanceDialog(ed)
    qtbot.addWidget(dlg)
    dlg.jobs.setValue(1)
    assert len(dlg.agent_boxes) == 4
    for b in dlg.agent_boxes:
        b.setCurrentText("random")
    dlg.games.setValue(2)
    dlg.start()
    qtbot.waitUntil(lambda: dlg.worker is None, timeout=120000)
    assert "2 games" in dlg.current.heading.text() and "Yellow" in dlg.current.table.text()
    dlg.resize(1000, 680)
    settle(qtbot, dlg)
    shot(dlg, "circuitwar-balance.png")
    ed.close_editor()
