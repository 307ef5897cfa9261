"""Pendulum test-play in the shared play window's clock mode: workers dragged (an illegal drop says the
engine's reason), glasses running down with the clock and flipped by a click (a running one says why
not), pause, speed, Next Event, computer seats with their reaction time, save/load and replay with
seek. Screenshots (GRIDSMITH_SHOTS_DIR): pendulum-play.png (mid-round)."""
from __future__ import annotations

import time

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from tests.editor.canvas_models import shot
from tests.editor.editor_helpers import ROOT
from gridsmith.editor.core.playwindow import PlayWindow
from gridsmith.editor.pendulum.play import PendulumProvider
from gridsmith.engine.pendulum.actions import Act, Flip, Home, Place
from gridsmith.engine.pendulum.game import SCENARIO

CONTENT = ROOT / "content" / "pendulum"


def window(qtbot, seats, name="duel", seed=3, speed=1.0) -> PlayWindow:
    res = SCENARIO.read(CONTENT / f"{name}.scn.yaml")  # the resolved scenario, as the scenario editor passes it
    w = PlayWindow(PendulumProvider, res, list(seats), seed, agent_seed=4, title=name)
    qtbot.addWidget(w)
    w.resize(1100, 760)
    w.show()
    qtbot.waitExposed(w)
    w.set_speed(speed)
    w.provider.view.grab()  # lays out the spaces and workers
    return w


def mouse(view, kind, pos: QPointF, buttons=Qt.MouseButton.LeftButton) -> None:
    button = Qt.MouseButton.NoButton if kind == QMouseEvent.Type.MouseMove else Qt.MouseButton.LeftButton
    QApplication.sendEvent(view, QMouseEvent(kind, pos, view.mapToGlobal(pos), button, buttons,
                                             Qt.KeyboardModifier.NoModifier))


def drag(view, frm: QPointF, to: QPointF) -> None:
    mouse(view, QMouseEvent.Type.MouseButtonPress, frm)
    mouse(view, QMouseEvent.Type.MouseMove, (frm + to) / 2)
    mouse(view, QMouseEvent.Type.MouseMove, to)
    mouse(view, QMouseEvent.Type.MouseButtonRelease, to, Qt.MouseButton.NoButton)
    view.grab()


def worker_pos(view, q, wid) -> QPointF:
    view.grab()
    return next(r.center() for r, oq, w in view.worker_spots if (oq, w) == (q, wid))


def top_of(view, sid) -> QPointF:
    return view.space_rects[sid][0].center()


def start_placement(qtbot, w, view, q=0) -> None:
    """The human places its first large and small worker by dragging them from home."""
    st = w.state.state
    for _ in range(2):
        qtbot.waitUntil(lambda: w.state.to_move == q, timeout=5000)  # after the computer's placement
        legal = st.legal_actions(q)
        wid, sid = legal[0].worker, legal[0].space
        drag(view, worker_pos(view, q, wid), top_of(view, sid))
        assert st.seats[q].workers[[x.wid for x in st.seats[q].workers].index(wid)].space == sid, w.notice.text()


def run_until(qtbot, w, cond, steps=400) -> None:
    """Next Event until `cond()` (the clock paused, one thing at a time)."""
    for _ in range(steps):
        qtbot.waitUntil(lambda: w.worker is None, timeout=10000)  # a computer answering on its thread
        if cond():
            return
        w.step_event()
    raise AssertionError(f"not reached in {steps} steps: {w.state.state.phase} at {w.state.state.now} ms")


def test_drag_flip_pause_speed_and_next_event(qtbot):
    w = window(qtbot, ["human", "greedy"])
    w.begin()
    pv, view, st = w.provider, w.provider.view, w.state.state
    assert w.clocked and w.clock_timer.isActive() and w.speed_box.isVisible()
    assert st.phase == "start" and w.state.to_move == 0
    # an illegal drop: the start places onto a bottom row only; the engine's reason is shown
    n_requests = len(st.requests)
    drag(view, worker_pos(view, 0, "w1"), top_of(view, "p-top-1"))
    assert len(st.requests) == n_requests and st.seats[0].workers[0].space is None
    assert "Not possible: workers move only onto spaces in a row without a sandglass" in w.notice.text()
    assert w.notice.text() in w.statusBar().currentMessage()
    start_placement(qtbot, w, view)
    qtbot.waitUntil(lambda: st.phase == "timed", timeout=5000)
    # the glasses run down with the clock in real time (1x), and the board paints the engine's clock
    t0, left0 = st.now, st.glasses["black"].expires - st.now
    qtbot.waitUntil(lambda: st.now - t0 >= 300, timeout=10000)
    view.grab()
    assert view.painted_ms == st.now
    assert st.glasses["black"].expires - st.now < left0
    # pause stops the clock
    w.act_pause.trigger()
    qtbot.waitUntil(lambda: w.worker is None, timeout=10000)
    stood = st.now
    for _ in range(3):  # the clock's timer ticks while paused
        with qtbot.waitSignal(w.clock_timer.timeout, timeout=5000):
            pass
    assert st.now == stood and "Paused" in w.to_move_label.text()
    # at 4x the clock runs 4 game seconds per wall second: half a second of wall time is 2 s of game
    w.speed_box.setCurrentIndex(w.speed_box.findData(4.0))
    assert w.speed == 4.0 and "Clock" in w.clock_label.text()
    w.paused = False
    w._anchor = (time.monotonic() - 0.5, stood)
    w._tick()
    assert st.now >= stood + 2000 or w.state.to_move is not None  # unless a computer seat may answer first
    w.act_pause.setChecked(False)
    w.act_pause.setChecked(True)
    qtbot.waitUntil(lambda: w.worker is None, timeout=10000)
    # a running glass says why it cannot be flipped
    view.grab()
    mouse(view, QMouseEvent.Type.MouseButtonPress, view.glass_rects["black"].center())
    mouse(view, QMouseEvent.Type.MouseButtonRelease, view.glass_rects["black"].center(), Qt.MouseButton.NoButton)
    assert "still runs" in w.notice.text() and "only an expired sandglass" in w.notice.text()
    # Next Event pauses and moves the clock to the next thing (the computer answers on its own time)
    run_until(qtbot, w, lambda: st.now >= st.glasses["black"].expires)
    assert w.paused
    assert st.phase == "timed" and st.can_flip("black"), st.summary()
    shot(w, "pendulum-play.png")
    # the human flips the expired black glass by a click: it moves to the other row (the flip request
    # waits out the grace window, then commits)
    row = st.glasses["black"].row
    view.grab()
    mouse(view, QMouseEvent.Type.MouseButtonPress, view.glass_rects["black"].center())
    mouse(view, QMouseEvent.Type.MouseButtonRelease, view.glass_rects["black"].center(), Qt.MouseButton.NoButton)
    assert any(r[1] == 0 and r[2] == Flip("black") for r in st.requests), w.notice.text()
    run_until(qtbot, w, lambda: st.glasses["black"].row != row)
    assert any("flip black" in w.log.item(i).text() and "white" in w.log.item(i).text() for i in range(w.log.count()))
    # a worker on a space in a glass row acts by a click (or lists its ways to take the reward)
    human = [x for x in st.seats[0].workers if x.space and st.glass_in_row(x.space) and x.part == "top"]
    if human:
        wkr = human[0]
        before = len(st.requests)
        pos = worker_pos(view, 0, wkr.wid)
        mouse(view, QMouseEvent.Type.MouseButtonPress, pos)
        mouse(view, QMouseEvent.Type.MouseButtonRelease, pos, Qt.MouseButton.NoButton)
        assert len(st.requests) == before + 1 or pv.actions.count() > 1 or w.notice.isVisible()
    # a computer seat's workers cannot be dragged by the human
    bw = next(x for x in st.seats[1].workers if x.space)
    drag(view, worker_pos(view, 1, bw.wid), top_of(view, "b-top-1"))
    assert "computer player" in w.notice.text()
    # the computer seat waiting for an event answers the human's action only after its reaction time
    run_until(qtbot, w, lambda: w.state.clocks[1].waiting and w.state.to_move is None)
    acts = st.legal_actions(0)
    assert acts and w.human_act(acts[0], 0)
    t_human = st.now
    c = w.state.clocks[1]
    assert not c.waiting and c.ready == t_human + c.reaction_ms
    n = len([r for r in st.requests if r[1] == 1])
    run_until(qtbot, w, lambda: len([r for r in st.requests if r[1] == 1]) > n or c.waiting)
    assert all(ms >= t_human + c.reaction_ms for ms, q, _a in st.requests[-1:] if q == 1)


def test_save_load_and_replay_with_seek(qtbot, tmp_path):
    w = window(qtbot, ["human", "greedy"], speed=16)
    w.begin()
    view, st = w.provider.view, w.state.state
    start_placement(qtbot, w, view)
    run_until(qtbot, w, lambda: len(st.requests) >= 12)
    w.human_act(Home("w2"), 0)  # may be refused (a glass row): either way the game goes on
    run_until(qtbot, w, lambda: len(st.requests) >= 14)
    path = w.save_game(tmp_path / "duel.sav.yaml")
    now, requests = st.now, list(st.requests)
    w2 = window(qtbot, ["human", "greedy"])
    assert w2.load_game(path), w2.notice.text()
    st2 = w2.state.state
    assert st2.requests == requests and st2.now == now
    assert [x.where() for s in st2.seats for x in s.workers] == [x.where() for s in st.seats for x in s.workers]
    # replay: seek to the start, the middle and the end; the clock shows each action's time
    w.start_replay()
    assert w.replay_bar.isVisible() and w.slider.maximum() == len(w._actions)
    w.seek(0)
    assert w.replay_state.state.phase == "start" and w.replay_state.state.now == 0
    mid = len(w._actions) // 2
    w.seek(mid)
    assert w.replay_state.state.now == w._stamps[mid - 1][0]
    assert "·" in w.replay_label.text()
    w.seek(w.slider.maximum())
    assert w.replay_state.state.requests == st.requests
    w.leave_replay()
    assert not w.replaying


def test_start_test_play_takes_the_resolved_scenario(qtbot, monkeypatch, tmp_path):
    """The scenario editor's Play: `start_test_play(editor, main_window, PendulumProvider, scenario=<the
    resolved scenario>)` asks for the seats and opens the window in clock mode."""
    from types import SimpleNamespace

    from PySide6.QtWidgets import QDialog

    from gridsmith.editor.core import playwindow

    res = SCENARIO.read(CONTENT / "trio.scn.yaml")
    path = CONTENT / "trio.scn.yaml"
    doc = SimpleNamespace(path=path, display_name=path.name, model=res.scenario, snapshot=lambda: res.scenario)
    editor = SimpleNamespace(document=doc, validate_now=lambda: [])
    seen = {}

    def accept(dlg):
        seen["names"] = [dlg.kinds[q].currentData() for q in range(len(dlg.kinds))]
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(playwindow.SeatDialog, "exec", accept)
    w = playwindow.start_test_play(editor, None, PendulumProvider, scenario=res)
    qtbot.addWidget(w)
    assert seen["names"] == ["human", "greedy", "greedy"]
    assert w.clocked and w.names == PendulumProvider.player_names(res) and w.title == "Trio"
    assert w.state.state.res is res and w.state.free == frozenset({0})
    qtbot.waitUntil(lambda: w.state.to_move == 0 or w.state.state.phase != "start", timeout=10000)
    w.close()


def dbl(lst, row) -> None:
    lst.itemDoubleClicked.emit(lst.item(row))


def test_hotseat_acting_by_click_and_the_action_list(qtbot):
    w = window(qtbot, ["human", "human"])
    w.begin()
    pv, view, st = w.provider, w.provider.view, w.state.state
    assert pv.seat_box.isVisible() and pv.seat_box.count() == 2
    for _ in range(2):  # both seats place, each dragging its own workers
        for q in (0, 1):
            if st.phase == "start":
                q = w.state.to_move
                wid, sid = st.legal_actions(q)[0].worker, st.legal_actions(q)[0].space
                drag(view, worker_pos(view, q, wid), top_of(view, sid))
    assert st.phase == "timed" and w.state.to_move is None  # nobody is polled: both act when they like
    w.act_pause.setChecked(True)
    # a click on a worker in a glass row with several ways to take its reward lists them; one is chosen
    ways = {wk.wid: [a for a in st.legal_actions(0) if isinstance(a, Act) and a.worker == wk.wid]
            for wk in st.seats[0].workers}
    wid = max(ways, key=lambda k: len(ways[k]))
    assert len(ways[wid]) > 1, ways
    pos = worker_pos(view, 0, wid)
    mouse(view, QMouseEvent.Type.MouseButtonPress, pos)
    mouse(view, QMouseEvent.Type.MouseButtonRelease, pos, Qt.MouseButton.NoButton)
    assert pv.actions.count() == len(ways[wid]) and "ways" in w.statusBar().currentMessage()
    dbl(pv.actions, 1)
    assert st.requests[-1] == (st.now, 0, ways[wid][1])
    # the other actions, one line per card: several ways to pay open on a double-click
    pv.seat_box.setCurrentIndex(1)
    lines = [pv.actions.item(i).text() for i in range(pv.actions.count())]
    legal = [a for a in st.legal_actions(1) if not isinstance(a, (Place, Home, Act))]
    assert len(lines) == len({(type(a), a.subject) for a in legal})
    many = next((i for i, t in enumerate(lines) if t.endswith("ways")), None)
    if many is not None:
        n = int(lines[many].rsplit("—", 1)[1].split()[0])
        dbl(pv.actions, many)
        assert pv.actions.count() == n
        dbl(pv.actions, 0)
        assert st.requests[-1][1] == 1
    # seat 1's glass click works for the chosen seat: a running glass says why not
    view.grab()
    mouse(view, QMouseEvent.Type.MouseButtonPress, view.glass_rects["green"].center())
    mouse(view, QMouseEvent.Type.MouseButtonRelease, view.glass_rects["green"].center(), Qt.MouseButton.NoButton)
    assert "green sandglass still runs" in w.notice.text()


def test_computers_only_play_the_same_game_as_the_headless_loop(qtbot):
    """Next Event by Next Event, the window's clock mode plays the game `simulate` plays (the one loop's
    headless run) for the same scenario, seed, seats and agent seed: the same clock-stamped requests and
    result; then the game-over bar and a replay to the end."""
    from gridsmith.engine.core.loop import Match
    from gridsmith.engine.pendulum.api import GAME
    from gridsmith.formats.loader import load_file

    path = CONTENT / "duel.scn.yaml"
    model = load_file(path).model
    headless = GAME.new_game(model, 5, base=path.parent)
    Match(headless, [GAME.agent("greedy"), GAME.agent("random")], 9).run()
    w = PlayWindow(PendulumProvider, model, ["greedy", "random"], 5, base=path.parent, agent_seed=9)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    w.act_pause.setChecked(True)
    for _ in range(20000):
        if w.state.is_over:
            break
        w.step_event()
    st = w.state.state
    assert st.requests == headless.state.requests and st.result == headless.state.result
    assert w.over_bar.isVisible() and "wins" in w.over_label.text()
    w.start_replay()
    w.seek(w.slider.maximum())
    assert w.replay_state.state.requests == st.requests and w.replay_state.state.result == st.result


def test_automatic_flips_are_a_switch_off_when_every_seat_is_human(qtbot):
    # "Es gibt keine Regel, dass Sanduhren umgedreht werden müssen" and "Ihr dürft die Sanduhr auch stehen
    # lassen, nachdem sie abgelaufen ist, bis ihr bereit seid sie umzudrehen": with only human seats an
    # expired glass stands until someone flips it; with a computer seat the switch is on by default.
    hot = window(qtbot, ["human", "human"])
    assert not hot.provider.act_auto_flip.isChecked() and hot.state.state.rules.timing.auto_flip_ms is None
    assert "Automatically after 3 s" in hot.provider.act_auto_flip.text()
    hot.begin()
    view, st = hot.provider.view, hot.state.state
    while st.phase == "start":
        q = hot.state.to_move
        wid, sid = st.legal_actions(q)[0].worker, st.legal_actions(q)[0].space
        drag(view, worker_pos(view, q, wid), top_of(view, sid))
    hot.act_pause.setChecked(True)
    black = st.glasses["black"].expires
    hot.run_clock(black + 20_000)  # long past the black glass: nobody flipped it, so it still stands
    assert st.now == black + 20_000 and st.glasses["black"].row == 1 and st.can_flip("black")
    shot(hot, "pendulum-play-no-auto-flip.png")
    # switched on mid-game: this game keeps its setting (its save replays), the next game has it
    hot.provider.act_auto_flip.setChecked(True)
    assert "next game" in hot.statusBar().currentMessage() and st.rules.timing.auto_flip_ms is None
    hot.new_game(seed=7)
    assert hot.state.state.rules.timing.auto_flip_ms == 3000 and hot.initial.state.rules.timing.auto_flip_ms == 3000
    # with a computer seat it is on; switched off before anything happened, it applies to this game
    mixed = window(qtbot, ["human", "greedy"])
    assert mixed.provider.act_auto_flip.isChecked() and mixed.state.state.rules.timing.auto_flip_ms == 3000
    mixed.provider.act_auto_flip.setChecked(False)
    assert mixed.state.state.rules.timing.auto_flip_ms is None and "off" in mixed.statusBar().currentMessage()


def test_the_next_round_is_switched_untimed_from_the_game_menu(qtbot):
    # "Entscheidet einfach am Ende jeder Ratsphase, wie ihr die nächste Runde spielen möchtet."
    w = window(qtbot, ["human", "human"])
    pv, view, st = w.provider, w.provider.view, w.state.state
    assert pv.act_untimed.isEnabled() and not pv.act_untimed.isChecked() and "Round 1" in pv.act_untimed.text()
    pv.act_untimed.trigger()  # checks it: round 1 untimed
    assert st.res.scenario.untimed_rounds == [1] and w.initial.state.res.scenario.untimed_rounds == [1]
    assert "Round 1 will be played untimed" in w.statusBar().currentMessage()
    w.begin()
    while st.phase == "start":
        q = w.state.to_move
        wid, sid = st.legal_actions(q)[0].worker, st.legal_actions(q)[0].space
        drag(view, worker_pos(view, q, wid), top_of(view, sid))
    assert st.phase == "untimed" and pv.done_box.isVisible()
    # round 1 has begun: the menu now offers round 2, still timed
    assert "Round 2" in pv.act_untimed.text() and not pv.act_untimed.isChecked()
    pv.act_untimed.trigger()
    assert st.res.scenario.untimed_rounds == [1, 2] and pv.act_untimed.isChecked()
