"""A Circuit War view (CircuitWarState.view) is copied when first read or before the game next
changes: whenever it is read, it is the game as it was when the view was made."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from gridsmith.engine.circuitwar.api import GAME
from gridsmith.engine.circuitwar.state import CircuitWarState
from gridsmith.engine.core.agents import create
from gridsmith.engine.core.loop import Match
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.loader import load_file

CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"


def _seen(g: CircuitWarState) -> tuple:
    """What a player reads of a state."""
    return (g.board.to_layers(), sorted(g.board.occupied), g.energy, g.alive, g.killer, g.turn, g.order,
            g.phase, g.seat, g.left, g.is_over, g.result, g.to_move, list(g.legal_actions()), g.viewer)


def _game(scenario: str = "fortress", seed: int = 2) -> tuple[CircuitWarState, Match]:
    model = load_file(CONTENT / f"{scenario}.scn.yaml").model
    state = GAME.new_game(model, seed, base=str(CONTENT))
    return state, Match(state, [create("circuitwar", "random") for _ in model.players], seed)


def test_a_view_read_after_the_game_went_on_is_the_game_when_it_was_made():
    state, match = _game()
    held = []
    while not state.is_over:
        q = state.to_move
        now = state._copy(False, None)  # the eager copy a view used to be
        now.viewer = q
        held.append((state.view(q), _seen(now)))
        if len(held) % 3 == 0:  # some read at once, some never before the game moves on
            assert _seen(held[-1][0]) == held[-1][1]
        match.step()
    assert len(held) > 100
    for view, expected in held:
        assert type(view) is CircuitWarState  # copied by then
        assert _seen(view) == expected


def test_what_is_set_on_a_view_before_reading_it_stays():
    state, _ = _game()
    view = state.view(state.to_move)
    view.rng = CounterRng(5)  # the docs' way to simulate on a view
    twin = state.clone()
    twin.rng = CounterRng(5)
    action = state.legal_actions()[1]
    assert view.apply(action) == twin.apply(action)
    with pytest.raises(RuntimeError, match="no random generator"):
        state.view(0).rng.random()


def test_a_view_of_a_finished_game_is_over():
    state, match = _game()
    match.run()
    view = state.view(0)
    assert view.is_over and view.result == state.result and view.to_move is None


def test_views_of_views_and_copies_are_the_game_then():
    state, match = _game()
    for _ in range(30):
        match.step()
    seat = state.to_move
    expected = copy.deepcopy(_seen(state)[:-1])
    outer = state.view(seat)
    inner = outer.view(seat)
    shallow = copy.copy(state.view(seat))
    for _ in range(30):
        match.step()
    assert _seen(state)[:-1] != expected
    for v in (outer, inner, shallow):  # inner views outer, which has not changed: not copied yet
        assert _seen(v)[:-1] == expected and v.viewer == seat
        assert type(v) is CircuitWarState


def test_a_copy_of_an_unread_view_copies_the_game():
    """beam.preview copies what it is given without reading it first (`_copy`)."""
    state, match = _game()
    for _ in range(30):
        match.step()
    view = state.view(state.to_move)
    copied = view._copy(False, CounterRng(1))
    assert "_of" not in view.__dict__ and type(view) is CircuitWarState
    assert _seen(copied)[:-1] == _seen(state)[:-1] and copied.viewer == state.to_move
