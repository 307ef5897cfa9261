"""The balance lab (issue 13 item 3): heat maps through the Game API, `gridsmith simulate --heatmap`,
a cancellable batch, and Tools > Balance… driven through its real widgets on the document being
edited (unsaved edits included), with this run beside the previous one."""
from __future__ import annotations

import struct
from pathlib import Path

import pytest

from gridsmith.cli import main
from gridsmith.engine.core import games
from gridsmith.engine.core.simulate import Batch, GameSpec, heat_map, make_specs, play_game, summarize
from gridsmith.formats.loader import load_file

from tests.editor.editor_helpers import CONTENT, SCREENSHOTS
from tests.qt_fixtures import settle

ROOT = Path(__file__).resolve().parents[2]
DUEL = CONTENT / "duel.scn.yaml"
PYRAMIDS = ROOT / "content" / "pyramids" / "sample.scn.yaml"
FOUR_KINGDOMS = CONTENT / "continent.scn.yaml"


def test_pendulous_heat_counts_the_squares_that_changed_hands():
    from gridsmith.engine.pendulous.events import AttackResolved, Reverted

    seen: dict = {}

    def count(step):
        for e in step.events:
            cells = [(e.col, e.row)] if isinstance(e, AttackResolved) and e.won else \
                [(c, r) for r, c in e.squares] if isinstance(e, Reverted) else []
            for c in cells:
                seen[c] = seen.get(c, 0) + 1

    spec = GameSpec("pendulous", load_file(DUEL).model, ("greedy", "greedy"), 3, agent_seed=1, heat=True)
    rec = play_game(spec, on_step=count)
    assert rec.error is None and rec.size == (12, 10)
    assert seen and dict(((x, y), n) for x, y, n in rec.heat) == seen
    # without the flag a record carries no heat (batch play pays nothing for it)
    plain = play_game(GameSpec("pendulous", load_file(DUEL).model, ("greedy", "greedy"), 3, agent_seed=1))
    assert plain.heat == () and plain.size is None and plain.winners == rec.winners


def test_pyramids_heat_counts_the_squares_where_pieces_fell():
    from gridsmith.engine.pyramids.events import Attacked

    fell: dict = {}

    def count(step):
        for e in step.events:
            if isinstance(e, Attacked):
                fell[(e.to % 11, e.to // 11)] = fell.get((e.to % 11, e.to // 11), 0) + 1

    spec = GameSpec("pyramids", load_file(PYRAMIDS).model, ("random", "random"), 4, base=str(PYRAMIDS.parent),
                    agent_seed=2, heat=True)
    rec = play_game(spec, on_step=count)
    assert rec.size == (11, 11) and fell and dict(((x, y), n) for x, y, n in rec.heat) == fell


def test_heat_map_sums_games():
    specs = make_specs("pendulous", load_file(DUEL).model, ["greedy"] * 2, 3, seed=1, agent_seed=4, heat=True)
    recs = [play_game(s) for s in specs]
    size, heat = heat_map(recs)
    assert size == (12, 10)
    assert sum(heat.values()) == sum(n for r in recs for _x, _y, n in r.heat) > 0


def test_simulate_writes_the_heat_map_png(tmp_path, capsys):
    out = tmp_path / "heat.png"
    assert main(["simulate", str(DUEL), "--games", "3", "--jobs", "1", "--agent-seed", "1", "--no-progress",
                 "--heatmap", str(out)]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    assert (w, h) == (12 * 12, 10 * 12)
    assert "heat map of" in capsys.readouterr().err
    # the map under the heat: the duel's top-left square is water, which never changes hands
    from gridsmith.engine.core.heatmap import KIND_GREY

    assert _pixel(data, 6, 6) == KIND_GREY["water"]


def _pixel(png: bytes, x: int, y: int) -> tuple[int, int, int]:
    """One RGB pixel of an unfiltered 8-bit RGB PNG (what engine.core.heatmap writes)."""
    import zlib

    w = struct.unpack(">I", png[16:20])[0]
    pos, idat = 8, b""
    while pos < len(png):
        n = struct.unpack(">I", png[pos:pos + 4])[0]
        if png[pos + 4:pos + 8] == b"IDAT":
            idat += png[pos + 8:pos + 8 + n]
        pos += 12 + n
    raw = zlib.decompress(idat)
    row = raw[y * (1 + 3 * w):(y + 1) * (1 + 3 * w)]
    assert row[0] == 0
    return tuple(row[1 + 3 * x:4 + 3 * x])


def test_a_batch_stops_when_cancelled():
    specs = make_specs("pendulous", load_file(DUEL).model, ["random"] * 2, 10, seed=1)
    batch = Batch(specs)
    got = []
    for rec in batch:
        got.append(rec)
        if len(got) == 2:
            batch.cancel()
    assert len(got) == 2 and batch.cancelled


def test_a_batch_in_worker_processes_can_be_cancelled():
    from gridsmith.engine.core.simulate import executor

    specs = make_specs("pendulous", load_file(DUEL).model, ["greedy"] * 2, 40, seed=1)
    # "spawn", as the lab does: this process runs Qt's threads, and a fork of them may hang its child
    ex, close = executor(2, mp_context="spawn")
    try:
        batch = Batch(specs, ex)
        got = []
        for rec in batch:
            got.append(rec)
            batch.cancel()
    finally:
        close()
    assert batch.cancelled and 1 <= len(got) < 40 and all(r.error is None for r in got)


def test_a_batch_on_a_dask_cluster_plays_and_cancels():
    """The lab's "Dask cluster" field: the same batch through a scheduler's executor."""
    import logging

    distributed = pytest.importorskip("distributed")
    from gridsmith.engine.core.simulate import executor

    logging.getLogger("distributed").setLevel(logging.ERROR)
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None)
    try:
        ex, close = executor(scheduler=cluster.scheduler_address)
        specs = make_specs("pendulous", load_file(DUEL).model, ["greedy"] * 2, 4, seed=1, heat=True)
        batch = Batch(specs, ex)
        got = []
        for rec in batch:
            got.append(rec)
            batch.cancel()
        close()
    finally:
        cluster.close()
    assert batch.cancelled and 1 <= len(got) < 4 and got[0].error is None and got[0].heat


def test_rebalancing_four_kingdoms_moves_the_numbers():
    """Four Kingdoms: one seat wins most greedy games (docs/rules/pendulous.md). Shorter games (8 of
    its 30 turns) keep the test quick and show a leader. Taking half of the leader's starting armies
    and giving another seat a head start in victory points (manual 4.2.1, the designer's handicap)
    moves the wins away from the leader."""
    scenario = load_file(FOUR_KINGDOMS).model
    scenario.settings.turns = 8

    def wins(model) -> list[int]:
        specs = make_specs("pendulous", model, ["greedy"] * 4, 3, seed=1, agent_seed=7, base=str(CONTENT))
        s = summarize([play_game(x) for x in specs], 4)
        assert not s.errors
        return [p.k for p in s.seat_wins]

    before = wins(scenario)
    leader = max(range(4), key=lambda q: before[q])
    other = 1 if leader == 0 else 0
    assert before[leader] >= 2
    edited = scenario.model_copy(deep=True)
    edited.players[other].start_victory_points = 2000
    edited.players[leader].initial_forces //= 2
    after = wins(edited)
    assert after[leader] < before[leader] and after[other] > before[other]


# ---- Tools > Balance… -------------------------------------------------------------------------
def _dialog(window, duel):
    ed = window.open_file(duel)
    actions = [a.text() for a in window.tools_menu.actions()]
    assert "&Balance…" in actions
    dlg = window.balance()
    dlg.jobs.setValue(1)  # a background thread: quick to start in a test (processes: see the batch tests)
    return ed, dlg


def test_balance_lab_runs_the_unsaved_document_and_compares_with_the_previous_run(qtbot, window, duel):
    ed, dlg = _dialog(window, duel)
    assert games.get("pendulous").agents() == [dlg.agent_boxes[0].itemText(i)
                                                 for i in range(dlg.agent_boxes[0].count())]
    dlg.games.setValue(4)
    dlg.resize(1000, 680)
    qtbot.mouseClick(dlg.run_button, qtbot_left())
    qtbot.waitUntil(lambda: dlg.worker is None and dlg.progress.value() == 4, timeout=60000)
    first = dlg.current.heading.text()
    assert "4 games" in first and "as opened" in first
    # the name says the colour already: not "Red Army (red)"
    assert "Red Army — " in dlg.current.table.text() and "(red)" not in dlg.current.table.text()
    assert "first-seat advantage" in dlg.current.table.text()
    assert dlg.current.heatmap.heat and dlg.current.heatmap.size_ == (12, 10)
    # an unsaved edit: the next run plays it, and the first run moves to the right
    ed.settings_panel.turns.setValue(4)
    assert ed.document.modified
    qtbot.mouseClick(dlg.run_button, qtbot_left())
    qtbot.waitUntil(lambda: dlg.worker is None and "after" in dlg.current.heading.text(), timeout=60000)
    from gridsmith.editor.core.balance import history

    runs = history(ed.document)
    assert len(runs) == 2 and runs[1].undo_index == runs[0].undo_index + 1
    assert dlg.previous.heading.text() == first
    assert all(r.turns == 4 for r in runs[1].records) and all(r.turns == 12 for r in runs[0].records)
    settle(qtbot, dlg)
    dlg.grab().save(str(SCREENSHOTS / "balance-lab.png") if _shots() else str(_tmp_shot("balance-lab.png")))


def test_balance_lab_cancel(qtbot, window, duel):
    _ed, dlg = _dialog(window, duel)
    dlg.games.setValue(500)
    qtbot.mouseClick(dlg.run_button, qtbot_left())
    qtbot.waitUntil(lambda: dlg.progress.value() >= 1, timeout=30000)
    qtbot.mouseClick(dlg.cancel_button, qtbot_left())
    qtbot.waitUntil(lambda: dlg.worker is None, timeout=30000)
    assert "Cancelled after" in dlg.status.text() and "(cancelled)" in dlg.current.heading.text()
    assert dlg.progress.value() < 500 and dlg.run_button.isEnabled()
    dlg.grab().save(str(_tmp_shot("balance-lab-cancelled.png")))


def test_closing_the_tab_while_the_lab_plays_cancels_and_never_crashes(qtbot, window, duel):
    """The suite died inside Qt under load in a balance-lab test: a dialog deleted with its tab (or
    the main window) deleted its worker thread, a child, while it still ran ("QThread: Destroyed
    while thread is still running" aborts). The worker now outlives the dialog and is cancelled."""
    import shiboken6
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from gridsmith.editor.core import detached

    ed, dlg = _dialog(window, duel)
    dlg.games.setValue(500)
    qtbot.mouseClick(dlg.run_button, qtbot_left())
    qtbot.waitUntil(lambda: dlg.progress.value() >= 1, timeout=30000)
    worker = dlg.worker
    batch = worker.batch
    gone = []
    dlg.destroyed.connect(lambda: gone.append(True))
    window.close_tab(ed, ask=False)
    qtbot.waitUntil(lambda: QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete) or bool(gone),
                    timeout=10000)  # the tab, then the lab it takes with it
    # still running, or finished and already deleted by itself (deleteLater once its games stop)
    assert worker in detached._RUNNING or not shiboken6.isValid(worker) or worker.isFinished()
    qtbot.waitUntil(lambda: not detached._RUNNING, timeout=60000)  # it stopped early: cancelled
    assert batch.cancelled


def test_balance_lab_in_worker_processes(qtbot, window, duel):
    """The lab's default: spawned worker processes (the editor's threads are never forked)."""
    _ed, dlg = _dialog(window, duel)
    dlg.jobs.setValue(2)
    dlg.games.setValue(4)
    dlg.start()
    qtbot.waitUntil(lambda: dlg.worker is None, timeout=120000)
    assert "4 games" in dlg.current.heading.text() and dlg.progress.value() == 4
    assert len(_runs(dlg)) == 4 and all(r.error is None and r.heat for r in _runs(dlg))


def _runs(dlg):
    from gridsmith.editor.core.balance import history

    return history(dlg.document)[-1].records


def test_balance_lab_rotates_seats_and_rates_each_computer_player(qtbot, window, duel):
    _ed, dlg = _dialog(window, duel)
    dlg.agent_boxes[1].setCurrentText("random")
    dlg.rotate.setChecked(True)
    dlg.games.setValue(2)
    dlg.start()
    qtbot.waitUntil(lambda: dlg.worker is None, timeout=60000)
    run = dlg.current
    assert "4 games" in run.heading.text()  # 2 seeds x 2 seat orders
    text = run.table.text()
    assert "computer player" in text and ">greedy<" in text and ">random<" in text
    assert "— greedy" not in text  # rotated: a seat has no one computer player


def test_balance_lab_for_a_pyramids_scenario(qtbot, tmp_path):
    """Every game registered through the Game API: a Pyramids scenario (no map grid in its editor:
    the heat map is drawn on a plain board)."""
    import shutil

    from gridsmith.editor.core import files, plugins
    from gridsmith.editor.core.balance import BalanceDialog

    for name in ("sample.scn.yaml", "default.pieceset.yaml"):
        shutil.copy(PYRAMIDS.parent / name, tmp_path / name)
    doc = files.open_document(tmp_path / "sample.scn.yaml")
    ed = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(ed)
    dlg = BalanceDialog(ed)
    qtbot.addWidget(dlg)
    dlg.jobs.setValue(1)
    for b in dlg.agent_boxes:
        b.setCurrentText("random")
    dlg.games.setValue(2)
    dlg.start()
    qtbot.waitUntil(lambda: dlg.worker is None, timeout=60000)
    assert "2 games" in dlg.current.heading.text() and dlg.current.heatmap.size_ == (11, 11)
    assert dlg.current.heatmap.base_colour(3, 4) is not None  # the board's terrain under the heat
    dlg.resize(1000, 680)
    settle(qtbot, dlg)
    dlg.grab().save(str(_tmp_shot("balance-lab-pyramids.png")))


def qtbot_left():
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


def _shots() -> bool:
    import os

    return os.environ.get("GRIDSMITH_SCREENSHOTS") == "1"


def _tmp_shot(name: str) -> Path:
    from tests.editor.canvas_models import shots_dir

    return shots_dir() / name


# ---- issue 30: heat maps in the board's own geometry, captions in the game's words, a lab that reads --
def _lab(qtbot, path, games=2):
    """The lab of `path` opened as a designer does (the file's editor, Tools > Balance…), sized as on
    a 1024x700 screen, Run clicked and the games played."""
    from gridsmith.editor.core import files, plugins
    from gridsmith.editor.core.balance import BalanceDialog

    doc = files.open_document(path)
    ed = plugins.get(doc.kind).editor_class(doc)
    qtbot.addWidget(ed)
    dlg = BalanceDialog(ed)
    qtbot.addWidget(dlg)
    dlg.resize(1000, 652)  # a 1024x700 screen less the window frame
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.jobs.setValue(1)
    dlg.games.setValue(games)
    qtbot.mouseClick(dlg.run_button, qtbot_left())
    qtbot.waitUntil(lambda: dlg.worker is None and dlg.progress.value() == games, timeout=120000)
    settle(qtbot, dlg)
    return ed, dlg


def _reads_whole(label) -> bool:
    """A rich-text label shows all of its text: its natural layout fits the label."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    doc.setHtml(label.text())
    r = label.contentsRect()
    return doc.idealWidth() <= r.width() + 1 and doc.size().height() <= r.height() + 1


def _hover(qtbot, hm, cell) -> str:
    """The heat map's tooltip text with the mouse over `cell` (a real mouse move)."""
    from PySide6.QtTest import QTest

    poly = hm.polygons[cell]
    c = poly.boundingRect().center()
    u, o = hm._unit(), hm.origin()
    QTest.mouseMove(hm, QPointF(o.x() + c.x() * u, o.y() + c.y() * u).toPoint())
    qtbot.waitUntil(lambda: hm.toolTip() != "", timeout=3000)
    return hm.toolTip()


from PySide6.QtCore import QPointF  # noqa: E402  (the tests above need no Qt)


def test_circuit_war_heat_is_drawn_on_the_lattice_with_its_own_caption(qtbot):
    """Circuit War's heat lands on the circuits (edges) and points of its lattice, not on a square
    grid, and the caption says what was counted in the game's words."""
    _ed, dlg = _lab(qtbot, ROOT / "content" / "circuitwar" / "duel.scn.yaml")
    run, hm = dlg.current, dlg.current.heatmap
    assert hm.geometry_name == "lattice" and hm.isVisible()
    legend = run.legend.text()
    assert "circuits and points where the Grid changed hands" in legend and "square" not in legend
    hot = max(hm.heat, key=hm.heat.get)
    tip = _hover(qtbot, hm, hot)
    assert tip.startswith(("edge ", "point ")) and f"counted {hm.heat[hot]} time" in tip
    # a horizontal circuit of the doubled grid is the edge between its two points
    assert hm.label((3, 0)) == "edge b1-c1" and hm.label((2, 2)) == "point b2"
    # filling its panel: the board fills the widget's width or height
    w, h = hm.extent
    assert max(w * hm._unit() / hm.width(), h * hm._unit() / hm.height()) == pytest.approx(1.0)
    assert all(_reads_whole(lab) for lab in (run.table, run.heading))


def test_a_game_without_board_heat_has_no_heat_panel(qtbot):
    """Pendulum has no board grid to heat: no heat panel at all (it showed "no heat map yet" beside
    "Heat map: nothing changed hands in these games")."""
    _ed, dlg = _lab(qtbot, ROOT / "content" / "pendulum" / "duel.scn.yaml")
    for run in (dlg.current, dlg.previous):
        assert not run.heatmap.isVisible() and not run.legend.isVisible()
    assert "game length" in dlg.current.table.text() and _reads_whole(dlg.current.table)


def test_kongbots_results_read_whole_with_a_hex_caption(qtbot):
    """Kongbots' results were cut off ("game length 3.3 turns (sd 0.5, 3-4)" cut in half) and its
    caption said "squares" on a hex arena."""
    _ed, dlg = _lab(qtbot, ROOT / "content" / "kongbots" / "scout-duel.scn.yaml")
    run = dlg.current
    assert _reads_whole(run.table) and _reads_whole(run.heading)
    assert "hexes where Kongbots lost modules" in run.legend.text() and "square" not in run.legend.text()
    assert run.legend.height() >= run.legend.heightForWidth(run.legend.width())
    hm = run.heatmap
    if hm.heat:
        assert _hover(qtbot, hm, max(hm.heat, key=hm.heat.get)).startswith("column ")
    # the seat labels of the computer players stay on one line each
    seat_labels = [dlg.agent_boxes[0].parentWidget().layout().labelForField(b) for b in dlg.agent_boxes]
    assert all(lab.height() < 2 * lab.fontMetrics().lineSpacing() for lab in seat_labels)
    assert dlg.width() <= 1000 and dlg.height() <= 652


def test_simulate_draws_the_lattice_heat_map_png(tmp_path, capsys):
    out = tmp_path / "heat.png"
    assert main(["simulate", str(ROOT / "content" / "circuitwar" / "duel.scn.yaml"), "--games", "1", "--jobs", "1",
                 "--no-progress", "--heatmap", str(out)]) == 0
    data = out.read_bytes()
    # 19 x 12 points, 24 pixels apart (a doubled cell is 12)
    assert struct.unpack(">II", data[16:24]) == (19 * 24, 12 * 24)
    assert "circuits and points where the Grid changed hands" in capsys.readouterr().err
    # between four points, where a square grid had a cell, there is nothing: the lattice's background
    from gridsmith.engine.core.heatmap import BACKGROUND

    assert _pixel(data, 24, 24) == BACKGROUND


def test_balance_lab_shows_completion_decisiveness_and_the_skill_share(qtbot, window, duel):
    """Issue 32 item 5 in the lab's window: completion and decisiveness for every run, and with Skill
    share ticked, the strongest player and greedy against random players on the same seeds."""
    from PySide6.QtCore import QPoint, Qt

    _ed, dlg = _dialog(window, duel)
    dlg.games.setValue(3)
    qtbot.mouseClick(dlg.skill, Qt.MouseButton.LeftButton, pos=QPoint(6, dlg.skill.height() // 2))
    assert dlg.skill.isChecked()
    qtbot.mouseClick(dlg.run_button, qtbot_left())
    qtbot.waitUntil(lambda: dlg.worker is None and dlg.current.table.text() != "", timeout=120000)
    text = dlg.current.table.text()
    assert "completion" in text and "ended by the game's own rule" in text
    assert "decisiveness" in text
    assert "skill share" in text and "against random players" in text
    from gridsmith.editor.core.balance import history

    last = history(dlg.document)[-1]
    assert last.summary.games == 3 and last.summary.skill is not None
    assert last.summary.skill.strong_vs_random.n == 6  # each seed once per seat (2 seats)


def test_the_lab_names_seats_as_the_play_window_does():
    """Pyramids' seats are "Player" and "Cheops" in play: the lab said "player (blue)" (the engine's ids)."""
    from gridsmith.editor.core.balance import seat_names
    from gridsmith.engine.core import games

    root = Path(__file__).resolve().parents[2] / "content"
    assert seat_names(games.get("pyramids"), load_file(root / "pyramids" / "sample.scn.yaml").model) == [
        "Player (blue)", "Cheops (red)"]
    assert seat_names(games.get("kongbots"), load_file(root / "kongbots" / "scout-duel.scn.yaml").model) == [
        "Red (A)", "Blue (B)"]
    duel = load_file(DUEL).model
    duel.players[0].name, duel.players[1].name = "Fred's Army", "Gray Wardens"
    assert seat_names(games.get("pendulous"), duel) == ["Fred's Army (red)", "Gray Wardens"]  # words, not letters


def test_pendulum_lengths_are_in_rounds(capsys):
    """Pendulum plays rounds: the summary said "turns" (the lab and `gridsmith simulate` alike)."""
    from gridsmith.cli import main

    root = Path(__file__).resolve().parents[2] / "content"
    assert main(["simulate", str(root / "pendulum" / "duel.scn.yaml"), "--games", "2", "--jobs", "1",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert " rounds; " in out and "duration mean" in out and " turns" not in out, out
