"""The Kongbots engine as a protocol citizen: complete games under every bundled scenario, independent
clones, views that hold nothing of the state, orders whose text round-trips, deterministic replay,
and computer players that only give legal orders."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from gridsmith.engine.core.agents import create
from gridsmith.engine.core.rng import seat_rngs
from gridsmith.engine.core.simulate import make_specs, play_game
from gridsmith.engine.kongbots.api import GAME
from gridsmith.engine.kongbots.actions import DONE, parse_order
from gridsmith.engine.kongbots.game import SCENARIO
from gridsmith.engine.kongbots.state import IllegalOrder

CONTENT = Path(__file__).resolve().parents[2] / "content" / "kongbots"
SCENARIOS = sorted(p.name for p in CONTENT.glob("*.scn.yaml"))


@pytest.fixture(scope="module")
def resolved():
    return {name: SCENARIO.read(CONTENT / name) for name in SCENARIOS}


def _play(res, agents, seed):
    s = GAME.new_game(res, seed=seed)
    rngs = seat_rngs(2, agent_seed=seed)
    while not s.is_over:
        q = s.to_move
        legal = s.legal_actions()
        order = agents[q].choose(s.view(q), legal, rngs[q])
        assert order in legal
        s.apply(order)
    return s


@pytest.mark.parametrize("name", SCENARIOS)
def test_random_and_greedy_games_finish(resolved, name):
    for seed in range(3):
        s = _play(resolved[name], [create("kongbots", "random"), create("kongbots", "greedy")], seed)
        assert s.result.winners and s.result.reason
        assert sum(s.result.scores) == 1.0


def test_search_gives_legal_orders_and_is_a_pure_function_of_its_generator(resolved):
    res = resolved["scout-duel.scn.yaml"]
    search = create("kongbots", "search", samples=2)
    s = GAME.new_game(res, seed=5)
    view, legal = s.view(s.to_move), s.legal_actions()
    a = search.choose(view, legal, seat_rngs(1, agent_seed=9)[0])
    assert a in legal and a == search.choose(view, legal, seat_rngs(1, agent_seed=9)[0])
    assert s.view(s.to_move) == view  # choosing changed nothing


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=120))
def test_clone_view_text_and_replay(resolved, seed, picks):
    res = resolved["warrior-skirmish.scn.yaml"]
    s = GAME.new_game(res, seed=seed)
    log = []
    for k in picks:
        if s.is_over:
            break
        legal = s.legal_actions()
        order = legal[k % len(legal)]
        assert parse_order(order.to_text()) == order
        twin = s.clone()
        view = s.view(0)
        events = s.apply(order)
        assert all(isinstance(e.to_text(), str) for e in events)
        log.append(order)
        # the clone did not move with the original, and the view is a snapshot
        assert twin.view(0) == view and twin.rng.draws <= s.rng.draws
        assert not any(v is s or v is s.rng for v in vars(view).values())
    again = GAME.new_game(res, seed=seed)
    for order in log:
        again.apply(order)
    assert again.view(0) == s.view(0)


def test_illegal_orders_raise_one_error_type(resolved):
    s = GAME.new_game(resolved["scout-duel.scn.yaml"], seed=1)
    with pytest.raises(IllegalOrder):
        s.apply(parse_order("B1 claw A1") if s.to_move == 0 else parse_order("A1 claw B1"))
    with pytest.raises(ValueError):
        parse_order("A1 launch m2")
    # hexes in orders use the shared notation: column,row from 1 (formats.coords)
    assert parse_order("A1 move 1,2").to == (0, 1) and parse_order("A1 move 1,2").to_text() == "A1 move 1,2"
    with pytest.raises(ValueError):
        parse_order("A1 move 0,1")
    assert DONE in s.legal_actions()


def test_batch_play_through_the_shared_runner(resolved):
    specs = make_specs("kongbots", resolved["scout-duel.scn.yaml"], ["greedy", "random"], 2, rotate=True,
                       agent_seed=3)
    records = [play_game(sp) for sp in specs]
    assert all(r.error is None and r.winners for r in records)


@pytest.mark.parametrize("name", ["scout-duel.scn.yaml", "warrior-skirmish.scn.yaml"])
def test_saved_games_replay_whatever_happened(resolved, name):
    """Finished and unfinished battles, surrenders and missiles in flight included, save and replay."""
    from gridsmith.engine.core import games
    from gridsmith.engine.core.errors import GameError
    from gridsmith.formats.loader import load_text

    game = games.get("kongbots")
    for seed in range(4):
        state = game.new_game(resolved[name], seed)
        match = game.match(state, ["random", "greedy"], agent_seed=seed)
        match.max_actions = 40 + 60 * seed
        try:
            match.run()
        except GameError:  # the action budget of this test, not the battle's end
            pass
        loaded = load_text(game.save_text(game.save(state, ["random", "greedy"])), "g.sav.yaml")
        assert loaded.ok, [d.format_text() for d in loaded.diagnostics]
        replayed = game.replay(loaded.model)
        assert replayed.state.view(0) == state.view(0)
