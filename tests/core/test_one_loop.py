"""One play loop (issue 9 item 3): the same scenario, seed, seats and agent seed play the same game
in batch play (`simulate`'s path), in the terminal (`gridsmith play`) and in the editor's play
window; and the loop hosts what the next games need (several actions of a seat in a row, a clock)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from gridsmith.cli import main
from gridsmith.engine.core.errors import IllegalActionError
from gridsmith.engine.core.loop import Match
from gridsmith.engine.core.protocol import Result, Termination
from gridsmith.engine.core.simulate import GameSpec, play_game
from gridsmith.formats.loader import load_file

DUEL = Path(__file__).resolve().parents[2] / "content" / "pendulous" / "duel.scn.yaml"
SEATS, SEED, AGENT_SEED = ("greedy", "random"), 5, 9


PYRAMIDS = DUEL.parents[1] / "pyramids" / "sample.scn.yaml"
CASES = {"pendulous": (DUEL, SEATS, "actions"), "pyramids": (PYRAMIDS, ("random", "greedy"), "moves")}


def _simulate_log(game: str = "pendulous") -> list[str]:
    path, seats, _ = CASES[game]
    log: list[str] = []
    spec = GameSpec(game, load_file(path).model, seats, SEED, base=str(path.parent), agent_seed=AGENT_SEED)
    rec = play_game(spec, on_step=lambda step: log.append(step.action.to_text()))
    assert rec.error is None and rec.actions == len(log)
    return log


def _terminal_log(tmp_path, game: str = "pendulous") -> list[str]:
    path, seats, field = CASES[game]
    out = tmp_path / f"{game}.sav.yaml"
    assert main(["play", str(path), "--seats", ",".join(seats), "--seed", str(SEED),
                 "--agent-seed", str(AGENT_SEED), "--save", str(out)]) == 0
    return list(getattr(load_file(out).model, field))


@pytest.mark.parametrize("game", sorted(CASES))
def test_simulate_and_terminal_play_the_same_game(game, tmp_path, capsys):
    a, b = _simulate_log(game), _terminal_log(tmp_path, game)
    assert len(a) > 20 and a == b


def test_the_editor_play_window_plays_the_same_game(qtbot, tmp_path, capsys, monkeypatch):
    pytest.importorskip("PySide6")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QMessageBox

    from gridsmith.editor.pendulous.play_window import PlayWindow

    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    w = PlayWindow(load_file(DUEL).model, list(SEATS), SEED, DUEL, pace="fast", end_turn_dialog=False,
                   agent_seed=AGENT_SEED)
    qtbot.addWidget(w)
    w.begin()
    qtbot.waitUntil(lambda: w.state.is_over, timeout=60_000)
    editor = list(w.state.log)
    w.close()
    assert editor == _simulate_log() == _terminal_log(tmp_path)


# ---- the shape of what comes next: a toy game with orders in a row and a clock --------------------
@dataclass(frozen=True)
class Order:
    n: int

    def to_text(self) -> str:
        return f"order {self.n}"


@dataclass(frozen=True)
class Tick:
    time: int

    def to_text(self) -> str:
        return f"time {self.time}"


class PulseGame:
    """Two seats; in each pulse seat 0 gives two orders in a row, then seat 1 one; between pulses
    nobody may act until the clock reaches the next pulse (three time units)."""

    def __init__(self) -> None:
        self.time, self.queue, self.log, self._result = 0, [0, 0, 1], [], None

    @property
    def to_move(self):
        return self.queue[0] if self.queue and self._result is None else None

    @property
    def is_over(self):
        return self._result is not None

    @property
    def result(self):
        return self._result

    def legal_actions(self):
        return [Order(1), Order(2)]

    def view(self, seat):
        return (seat, self.time)

    def apply(self, action):
        if self.to_move is None or action not in self.legal_actions():
            raise IllegalActionError(repr(action))
        self.log.append((self.queue.pop(0), action.n))
        return []

    def advance(self):
        self.time += 3
        if self.time >= 9:
            self._result = Result((0,), (1.0, 0.0), Termination.TIME_LIMIT)
        else:
            self.queue = [0, 0, 1]
        return [Tick(self.time)]


class First:
    name = "first"

    def choose(self, view, legal, rng):
        return legal[0]


def test_the_loop_hosts_orders_in_a_row_and_a_clock():
    game = PulseGame()
    m = Match(game, [First(), First()], agent_seed=1)
    assert m.run()
    assert [q for q, _ in game.log] == [0, 0, 1] * 3
    assert [(s.seat, s.events[0].to_text() if s.events else None) for s in m.steps if s.seat is None] == [
        (None, "time 3"), (None, "time 6"), (None, "time 9")]
    assert game.result.termination is Termination.TIME_LIMIT and m.to_move is None


def test_a_seat_without_an_agent_stops_the_loop_until_it_acts():
    game = PulseGame()
    m = Match(game, [First(), None], agent_seed=1)
    assert not m.run() and m.to_move == 1 and not m.is_computer(1)
    m.apply(Order(2))
    assert game.log[-1] == (1, 2)
    with pytest.raises(IllegalActionError):
        m.apply(Order(7))


def test_an_agent_that_never_reads_its_view_is_not_given_one():
    """The random player says it never reads its view (`needs_view = False`): the loop makes no view
    for it, and the game is the same as when every seat is given its view (views are pure)."""
    from gridsmith.engine.core import games
    from gridsmith.engine.core.agents import RandomAgent

    assert RandomAgent.needs_view is False

    class Viewing(RandomAgent):
        needs_view = True

    model = load_file(PYRAMIDS).model
    game = games.get("pyramids")
    logs = []
    for cls in (RandomAgent, Viewing):
        state = game.new_game(model, SEED, base=str(PYRAMIDS.parent))
        views = []
        view = state.view
        state.view = lambda q: views.append(q) or view(q)
        match = Match(state, [cls(), cls()], AGENT_SEED)
        match.run()
        logs.append(([s.action.to_text() for s in match.steps], len(views)))
    (quiet, none), (viewing, made) = logs
    assert quiet == viewing and len(quiet) > 20
    assert none == 0 and made == len(viewing)


def test_agents_are_found_once_per_search_path():
    """Entry points are read once per sys.path (reading them takes milliseconds, and batch play
    creates agents for every game); a package put on the path later is still found (the third-party
    test in tests/pendulous/test_agents.py)."""
    import sys

    from gridsmith.engine.core import agents

    agents.create("pyramids", "random")
    before = agents._scan.cache_info().hits
    agents.create("pyramids", "random")
    assert agents._scan.cache_info().hits == before + 1
    assert agents._scan(tuple(sys.path)) is agents._scan(tuple(sys.path))
