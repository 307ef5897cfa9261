"""Protocol conformance of every registered game (issue 9 item 4, issue 12 item 3). A new game joins
by registering its Game under `gridsmith.games`: these tests then run on it without any change.

Each game is exercised on its bundled scenarios (every `*.scn.yaml` of its scenario kind under the
installed content), played by seeded random choices through the shared loop."""
from __future__ import annotations

import gc
import types
from importlib.resources import files
from pathlib import Path

import pytest

from gridsmith.engine.core import games
from gridsmith.engine.core.errors import GameError, IllegalActionError, ReplayError
from gridsmith.engine.core.loop import Match
from gridsmith.engine.core.protocol import Result, Termination
from gridsmith.engine.core.rng import CounterRng, SeatRng
from gridsmith.formats.loader import load_file, load_text


def _content_files(node=None) -> list[Path]:
    """Every bundled content file (read through importlib.resources, as an installed package is)."""
    node = files("gridsmith.content") if node is None else node
    out = []
    for item in sorted(node.iterdir(), key=lambda t: t.name):
        if item.is_dir():
            out += _content_files(item)
        elif item.name.endswith((".yaml", ".yml")):
            out.append(Path(str(item)))
    return out


def _scenarios(game) -> list[tuple[object, Path]]:
    out = []
    for f in _content_files():
        loaded = load_file(f)
        if loaded.spec is not None and loaded.spec.kind == game.scenario_kind and loaded.ok:
            out.append((loaded.model, f.parent))
    return out


class Chooser:
    """A computer seat that picks uniformly at random with its own generator (no game knowledge)."""

    name = "uniform"

    def choose(self, view, legal, rng):
        return legal[rng.randrange(len(legal))]


GAMES = games.names()


def _start(game, seed=5):
    scenario, base = _scenarios(game)[0]
    return game.new_game(scenario, seed, base=base)


def _fingerprint(game, state) -> str:
    return game.save_text(game.save(state, ["uniform"] * game.seat_count(state)))


def _play(game, state, n, agent_seed=1):
    m = Match(state, [Chooser()] * game.seat_count(state), agent_seed, max_actions=n)
    try:
        m.run()
    except GameError:  # the action budget of this test, not the game's end
        pass
    return m


def test_games_are_registered():
    assert len(GAMES) >= 2


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_playable_bundled_scenario(name):
    game = games.get(name)
    assert _scenarios(game), f"no valid {game.scenario_kind} in the bundled content"
    assert game.scenario_kind in game.kinds() and game.save_kind in game.kinds()
    assert game.agents()


@pytest.mark.parametrize("name", GAMES)
def test_clones_are_independent(name):
    game = games.get(name)
    state = _start(game)
    _play(game, state, 5)
    before = _fingerprint(game, state)
    draws = state.rng.draws
    clone = state.clone()
    _play(game, clone, 60, agent_seed=2)
    assert _fingerprint(game, clone) != before  # the clone did move on ...
    assert _fingerprint(game, state) == before and state.rng.draws == draws  # ... the original did not


def _reachable(root, limit=200_000):
    """Every object reachable from `root` (skipping modules, classes and functions: shared code)."""
    seen, stack = {id(root)}, [root]
    while stack and len(seen) < limit:
        for r in gc.get_referents(stack.pop()):
            if isinstance(r, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
                continue
            if id(r) not in seen:
                seen.add(id(r))
                stack.append(r)
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_a_view_holds_no_reference_to_the_state_or_its_generator(name):
    game = games.get(name)
    state = _start(game)
    _play(game, state, 7)
    for seat in range(game.seat_count(state)):
        reached = _reachable(state.view(seat))
        assert id(state) not in reached
        assert id(state.rng) not in reached


@pytest.mark.parametrize("name", GAMES)
def test_action_and_event_text_round_trips(name):
    game = games.get(name)
    state = _start(game)
    m = _play(game, state, 40)
    for _ in range(3):
        for a in state.legal_actions() if not state.is_over else []:
            again = game.action_from_text(state, a.to_text())
            assert again.to_text() == a.to_text()
        _play(game, state, 10)
    # event texts are stable: the same actions from the same start give the same lines
    twin = _start(game)
    texts = [e.to_text() for s in m.steps for e in s.events]
    replay = [e.to_text() for s in m.steps for e in twin.apply(game.action_from_text(twin, s.action.to_text()))]
    assert texts == replay and all(t and "\n" not in t for t in texts)


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_raises_the_documented_error(name):
    game = games.get(name)
    state = _start(game)
    first = {a.to_text(): a for a in state.legal_actions()}
    for _ in range(50):
        _play(game, state, 3)
        now = {a.to_text() for a in state.legal_actions()} if not state.is_over else set()
        stale = [a for t, a in first.items() if t not in now]
        if stale:
            with pytest.raises(IllegalActionError):
                state.apply(stale[0])
            assert issubclass(IllegalActionError, GameError)
            return
    pytest.fail("no action of the first position became illegal in 150 actions")


@pytest.mark.parametrize("name", GAMES)
def test_replay_is_deterministic_and_a_tampered_save_is_a_replay_error(name):
    game = games.get(name)
    state = _start(game, seed=11)
    _play(game, state, 80)
    save = game.save(state, ["uniform"] * game.seat_count(state))
    a, b = game.replay(save), game.replay(save)
    assert _fingerprint(game, a.state) == _fingerprint(game, b.state) == _fingerprint(game, state)
    assert [e.to_text() for e in a.events] == [e.to_text() for e in b.events]
    # the same scenario, seed and actions give the same game
    again = _start(game, seed=11)
    for step in _play(game, _start(game, seed=11), 80).steps:
        again.apply(game.action_from_text(again, step.action.to_text()))
    assert _fingerprint(game, again) == _fingerprint(game, state)
    data = save.model_dump()
    log_key = next(k for k, v in data.items() if isinstance(v, list) and v and all(isinstance(x, str) for x in v)
                   and k not in ("map", "board", "seats"))
    data[log_key] = data[log_key][:-1]  # one action short of its snapshot
    with pytest.raises(ReplayError):
        game.replay(type(save).model_validate(data))


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_has_a_result_with_a_termination_kind(name):
    game = games.get(name)
    state = _start(game)
    m = Match(state, [game.agent("random")] * game.seat_count(state), agent_seed=4)
    assert m.run() and state.is_over and m.to_move is None
    r = state.result
    assert isinstance(r, Result) and isinstance(r.termination, Termination)
    assert r.reason and len(r.scores) == game.seat_count(state)


@pytest.mark.parametrize("name", GAMES)
def test_computer_players_get_secret_generators_that_expose_no_seed(name):
    game = games.get(name)
    state = _start(game, seed=3)
    m1 = Match(state, [Chooser()] * game.seat_count(state))
    m2 = Match(state.clone(), [Chooser()] * game.seat_count(state))
    for rng in m1.rngs:
        assert isinstance(rng, SeatRng) and not isinstance(rng, CounterRng)
        assert not hasattr(rng, "seed") and "seed" not in repr(rng).replace("<secret>", "")
    # independent of the game: two matches of the same game and seed draw differently ...
    assert [r.next_u64() for r in m1.rngs] != [r.next_u64() for r in m2.rngs]
    # ... and a fixed agent seed gives the same generators whatever the game's seed
    fixed = [Match(_start(game, seed=s), [Chooser()] * game.seat_count(state), agent_seed=9).rngs[0].next_u64()
             for s in (1, 2)]
    assert fixed[0] == fixed[1]


def _difference(a, b, path="view", seen=None):
    """Where two views differ, compared by structure (a view may be a redacted state object without
    `==`): None when they agree."""
    seen = set() if seen is None else seen
    if id(a) in seen:
        return None
    seen.add(id(a))
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} items"
        return next((d for i, (x, y) in enumerate(zip(a, b)) if (d := _difference(x, y, f"{path}[{i}]", seen))), None)
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{path}: keys {list(a)[:8]} vs {list(b)[:8]}"
        return next((d for k in a if (d := _difference(a[k], b[k], f"{path}[{k!r}]", seen))), None)
    if isinstance(a, (set, frozenset, str, bytes, int, float, bool, type(None))) or hasattr(type(a), "model_fields"):
        return None if a == b else f"{path}: {a!r} vs {b!r}"[:300]
    fields = getattr(a, "__dict__", None)
    if fields is None:
        #: Circuit War's board `layout` is a cache key (a new number at every change) and `last` the
        #: previous layout's key with what changed since (to derive caches from it): not knowledge
        slots = [s for c in type(a).__mro__ for s in getattr(c, "__slots__", ()) if s not in ("layout", "last")]
        fields = {s: getattr(a, s, None) for s in slots}
        other = {s: getattr(b, s, None) for s in slots}
    else:
        other = vars(b)
        # `_name`s are caches (Circuit War's legal actions): worked out again on demand, not knowledge
        fields = {k: v for k, v in fields.items() if not k.startswith("_")}
        other = {k: v for k, v in other.items() if not k.startswith("_")}
    return _difference(fields, other, f"{path}.{type(a).__name__}", seen)  # no fields: alike by type


def _resumed(game, state):
    """The game saved and loaded again, as `gridsmith play SAVE` and the editor's Reload resume it."""
    save = game.save(state, ["uniform"] * game.seat_count(state))
    loaded = load_text(game.save_text(save), "resume.sav.yaml")
    assert loaded.model is not None, [d.format_text() for d in loaded.diagnostics]
    return game.replay(loaded.model).state


@pytest.mark.parametrize("name", GAMES)
def test_a_resumed_game_knows_what_the_uninterrupted_game_knew(name):
    """Issue 28: for every seat, the view after save-and-load equals the view before, and every
    computer player chooses the same action from it with the same generator."""
    from gridsmith.engine.core.rng import seat_rngs
    game = games.get(name)
    state = _start(game, seed=13)
    for budget in (0, 9, 40):
        _play(game, state, budget)
        if state.is_over:
            break
        again = _resumed(game, state)
        n = game.seat_count(state)
        for seat in range(n):
            differs = _difference(state.view(seat), again.view(seat))
            assert differs is None, f"{name}: seat {seat}'s view changed on resume: {differs}"
        seat = state.to_move
        if seat is None:
            continue
        legal, legal_again = state.legal_actions(), again.legal_actions()
        assert [a.to_text() for a in legal] == [a.to_text() for a in legal_again]
        for agent_name in game.agents():
            agent = game.agent(agent_name)
            before = agent.choose(state.view(seat), legal, seat_rngs(n, 99)[seat])
            after = game.agent(agent_name).choose(again.view(seat), legal_again, seat_rngs(n, 99)[seat])
            assert before.to_text() == after.to_text(), f"{name}: {agent_name} chooses differently after a resume"
