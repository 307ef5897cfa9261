"""Test-play inside the editor (manual 4.3 FILE|PLAY SCENARIO) and the game window (sections 2-3)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QTableWidget

from tests.editor.editor_helpers import click, move
from tests.qt_fixtures import duel  # noqa: F401  (a copy of the duel file, not the package's model fixture)
from gridsmith.engine.pendulous import saves
from gridsmith.editor.core.seat_dialog import SeatDialog  # noqa: F401
from gridsmith.editor.pendulous.play_window import PlayWindow, open_play_window  # noqa: F401


def _play_window(window, ed, seats, **kw) -> PlayWindow:
    return open_play_window(window, ed.document.snapshot(), seats, seed=3, scenario_file=ed.document.path,
                            source_editor=ed, **kw)


def test_play_scenario_offers_every_registered_computer_player(qtbot, window, duel, monkeypatch):
    ed = window.open_file(duel)
    ed.settings_panel.turns.setValue(2)  # unsaved: play uses the document as it is
    seen = {}

    def fake_exec(dlg):
        seen["choices"] = [dlg.kinds[1].itemData(i) for i in range(dlg.kinds[1].count())]
        dlg.kinds[1].setCurrentIndex(seen["choices"].index("random"))
        dlg.names[0].setText("Tester")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SeatDialog, "exec", fake_exec)
    window.act_play.trigger()
    assert seen["choices"] == ["human", "greedy", "random", "search"]
    (pw,) = window.play_windows
    assert pw.seats == ["human", "random"]
    assert pw.scenario.settings.turns == 2 and pw.scenario.players[0].name == "Tester"
    assert ed.document.model.players[0].name == "Red Army"  # the override is for this game only
    pw.close()
    assert window.play_windows == []


def test_play_refuses_a_scenario_with_errors(qtbot, window, duel, monkeypatch):
    ed = window.open_file(duel)
    ed.settings_panel.fields[("players", 0, "initial_forces")].setValue(99)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    window.act_play.trigger()
    assert "PND408" in shown[0] and window.play_windows == []


def test_human_clicks_and_computer_play_a_game_to_its_end(qtbot, window, duel, monkeypatch, tmp_path):
    ed = window.open_file(duel)
    ed.settings_panel.turns.setValue(3)
    dialogs = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: dialogs.append((a[1], a[2])))
    pw = _play_window(window, ed, ["human", "greedy"], pace="fast")
    pv = pw.provider
    pw.resize(1200, 820)
    s = pw.state
    assert s.turn == 0 and pw.is_human_turn()
    # setup turn (2.4): clicking own land places an army for free
    pool, res = s.pool[0], s.resources[0]
    click(pv.view, 3, 3)  # row 4, column 4: red land
    assert s.square(3, 3)[2] == 1 and s.pool[0] == pool - 1 and s.resources[0] == res
    assert pv.table.item(0, 0).text() == str(pool - 1)
    click(pv.view, 3, 3)  # clicking the army again picks it up (2.5)
    assert s.square(3, 3)[2] == 0 and s.pool[0] == pool
    click(pv.view, 4, 4)
    click(pv.view, 4, 1)
    qtbot.mouseClick(pv.end_turn_btn, Qt.MouseButton.LeftButton)
    # gray is a computer: it moves in a worker thread while the window stays responsive
    qtbot.waitUntil(lambda: pw.is_human_turn() or pw.state.is_over, timeout=20000)
    assert pw.state.turn == 1
    assert any(t == "Setup done" for t, _ in dialogs)  # the end-of-turn score dialog (3.5)
    # the left panel shows the attack breakdown of the enemy square under the mouse (2.7)
    move(pv.view, 6, 0, Qt.MouseButton.NoButton)  # row 1, column 7: gray land next to red
    assert "Chance of success" in pv.odds_label.text() and "Attack 1" in pv.odds_label.text()
    assert "Column 7, row 1: land of Gray Army" in pv.view.toolTip()  # hover says what the square is
    # attack it by clicking
    before = len(pw.state.log)
    click(pv.view, 6, 0)
    assert len(pw.state.log) == before + 1 and pw.state.log[-1].startswith("attack")
    assert "Red Army attacks Gray Army 7,1" in pw.log.item(pw.log.count() - 1).text()  # names, shared notation
    # the end-turn dialog can be switched off (Options > End Turn Dialog)
    pv.act_end_dialog.setChecked(False)
    n_dialogs = len(dialogs)
    # save the game now, play on, reload: the same position comes back (3.2, 3.3)
    sav = pw.save_game(tmp_path / "test.sav.yaml")
    log_at_save = list(pw.state.log)
    while not pw.state.is_over:
        qtbot.waitUntil(lambda: pw.is_human_turn() or pw.state.is_over, timeout=20000)
        if not pw.state.is_over:
            qtbot.mouseClick(pv.end_turn_btn, Qt.MouseButton.LeftButton)
    assert len(dialogs) == n_dialogs  # no modal box at the end: the game-over bar in the window
    assert pw.over_bar.isVisible() and ("wins" in pw.over_label.text() or "tie" in pw.over_label.text())
    assert "Red Army" in pw.over_label.text() and "victory points" in pw.over_label.text()
    assert "Game over" in pw.statusBar().currentMessage()
    assert pw.load_game(sav)
    assert pw.state.log == log_at_save and not pw.state.is_over and pw.is_human_turn()
    assert saves.snapshot(pw.state) == saves.read_save(sav).snapshot
    pw.close()


def test_unsupplied_squares_are_black_outlined_in_the_owner_colour(qtbot, window, duel):
    ed = window.open_file(duel)
    pw = _play_window(window, ed, ["human", "human"])
    key_supplied = pw.state.square(3, 3)
    assert key_supplied == ("land", 0, 0, True)
    img = pw.provider.tiles.tile(("land", 0, 0, False))
    mid = img.pixelColor(img.width() // 2, img.height() // 2)
    edge = img.pixelColor(4, img.height() // 2)
    assert mid.lightness() < 30  # black inside
    assert edge.red() > 150 and edge.green() < 100  # red outline
    pw.close()


def test_the_three_reports_of_3_1(qtbot, window, duel):
    ed = window.open_file(duel)
    pw = _play_window(window, ed, ["human", "human"])
    p = pw.provider.report_rows("player")
    assert [r["name"] for r in p] == ["Red Army", "Gray Army"]
    assert {"reinforcement_rate", "resource_rate", "maximum_forces", "force_pool", "resources", "victory_points",
            "army_effectiveness"} <= set(p[0])
    g = pw.provider.report_rows("game")[0]
    assert (g["number_of_turns"], g["victory_points_land"], g["victory_points_city"], g["naval_invasions"]) == \
        (12, 1, 5, "not allowed")
    c = pw.provider.report_rows("combat")
    assert {"total_attacks", "total_defences", "attack_success_percent", "defence_success_percent",
            "average_attack_percent", "average_defence_percent"} <= set(c[0])
    dlg = pw.provider.show_report("combat")
    assert dlg.isVisible()
    # players by name as columns, figures as rows: no sideways scrolling
    table = dlg.findChild(QTableWidget)
    assert [table.horizontalHeaderItem(i).text() for i in range(2)] == ["Red Army", "Gray Army"]
    assert table.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    dlg.close()
    pw.close()


class _SlowAgent:
    """Thinks for a while, then ends its turn: the window must stay responsive meanwhile."""

    name = "slow"

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.threads = []

    def choose(self, view, legal_actions, rng):
        import threading
        import time

        from gridsmith.engine.pendulous import END_TURN

        self.threads.append(threading.current_thread())
        time.sleep(self.seconds)
        return END_TURN


def test_computer_turns_run_in_a_worker_thread_and_the_window_stays_responsive(qtbot, window, duel, monkeypatch):
    import threading

    from PySide6.QtCore import QTimer

    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    ed = window.open_file(duel)
    pw = _play_window(window, ed, ["human", "greedy"], pace="fast", end_turn_dialog=False)
    slow = _SlowAgent(0.6)
    pw.agents[1] = slow
    ticks = []
    timer = QTimer(interval=20)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    qtbot.mouseClick(pw.provider.end_turn_btn, Qt.MouseButton.LeftButton)
    assert not pw.is_human_turn() and pw.worker is not None
    qtbot.waitUntil(pw.is_human_turn, timeout=5000)
    timer.stop()
    assert slow.threads and slow.threads[0] is not threading.main_thread()
    assert len(ticks) >= 10  # the GUI thread kept handling events while the computer thought
    assert pw.state.turn == 1
    pw.close()


def test_watchable_pace_waits_between_computer_actions(qtbot, window, duel, monkeypatch):
    from gridsmith.editor.core.play_provider import PACES

    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    monkeypatch.setitem(PACES, "watchable", 40)
    ed = window.open_file(duel)
    pw = _play_window(window, ed, ["greedy", "greedy"], end_turn_dialog=False)
    assert pw.pace == "watchable"
    pw.pace_actions["fast"].trigger()
    assert pw.pace == "fast"
    pw.pace_actions["watchable"].trigger()
    seen = []
    pw.changed.connect(lambda: seen.append(len(pw.state.log)))
    qtbot.waitUntil(lambda: len(seen) >= 4, timeout=10000)
    assert seen == sorted(seen)
    pw.close()


def test_replay_events_and_the_play_log_name_squares_in_one_notation(tmp_path):
    """Issue 30 item 3: `gridsmith replay --events` printed the engine's 0-based "row,col" where terminal
    play and the play window say "column,row" from 1 (formats.coords); all three now agree."""
    from gridsmith.engine.core import games
    from gridsmith.engine.core.game import Replayed
    from gridsmith.engine.pendulous.events import Placed
    from gridsmith.engine.pendulous.terminal import shared_text

    g = games.get("pendulous")
    from tests.editor.editor_helpers import CONTENT

    s = g.new_game(CONTENT / "duel.scn.yaml", 3)
    a = next(a for a in s.legal_actions() if a.to_text().startswith("place"))
    events = s.apply(a)
    placed = next(e for e in events if isinstance(e, Placed))
    lines = g.presentation.replay_lines(Replayed(s, events, 1, ["human", "human"], 3), events=True)
    assert f"places an army on {placed.col + 1},{placed.row + 1}" in "\n".join(lines)
    assert shared_text(placed.to_text()) in lines
