"""Pendulum's actions and events are values with a stable text form: every legal action of some played
games reads back from its text as the same value, and the text is the one saved games store."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pendulum.actions import (Act, Action, Claim, Done, Fame, Flip, Home, Pass, Place, Play, Refill,
                                               Retrieve, Reward, Trim, Wait, parse_action)
from gridsmith.engine.pendulum.api import GAME
from gridsmith.engine.pendulum.events import CouncilPrivilege, Performed, RoundBegan
from gridsmith.engine.pendulum.saves import to_save

from pendulum_helpers import CONTENT

# a word of an action's text: ids, areas, tracks and choice tokens never hold spaces, commas or a
# leading `with=` / `bonus:` (those mark modifiers and the privilege bonus)
WORD = st.from_regex(r"[a-z0-9][a-z0-9>:+\-]{0,11}", fullmatch=True).filter(lambda w: not w.startswith("bonus:"))
CHOICES = st.lists(WORD, max_size=4).map(tuple)
ACTIONS = st.one_of(
    st.builds(Place, WORD, WORD), st.builds(Home, WORD), st.builds(Act, WORD, CHOICES, CHOICES),
    st.builds(Flip, WORD), st.builds(Play, WORD, CHOICES), st.builds(Claim, WORD, CHOICES),
    st.builds(Fame, WORD), st.builds(Reward, WORD, CHOICES, st.none() | WORD),
    st.builds(Trim, WORD, st.lists(WORD, min_size=1, max_size=3).map(tuple)),
    st.sampled_from([Retrieve(), Refill(), Pass(), Done(), Wait()]))


def assert_round_trips(action: Action) -> None:
    text = action.to_text()
    assert parse_action(text) == action and Action.from_text(text) == action, text
    assert parse_action(text).to_text() == text


@pytest.mark.parametrize("scenario, agents, seed", [("duel.scn.yaml", ("greedy", "random"), 4),
                                                    ("trio.scn.yaml", ("planner", "random", "greedy"), 2)])
def test_every_legal_action_of_played_games_round_trips(scenario, agents, seed):
    game = GAME.new_game(CONTENT / scenario, seed)
    players = [GAME.agent(a) for a in agents]
    rngs = [CounterRng(seed + q) for q in range(len(agents))]
    kinds: set[type] = set()
    steps = 0
    while not game.is_over and steps < 5000:
        q = game.to_move
        legal = game.legal_actions()
        for a in legal:
            assert_round_trips(a)
            kinds.add(type(a))
        game.apply(players[q].choose(game.view(q), legal, rngs[q]))
        steps += 1
    assert game.is_over
    assert {Place, Home, Act, Flip, Pass, Reward, Wait} <= kinds
    st = game.state
    # the save stores the text; read back, it is the very request
    for line, (_ms, _q, action) in zip(to_save(st).log, st.requests):
        assert parse_action(line.split(" ", 2)[2]) == action
    assert any(isinstance(e, Performed) for e in st.events) and any(isinstance(e, CouncilPrivilege) for e in st.events)
    assert any(isinstance(e, RoundBegan) and e.round == 2 for e in st.events)


@pytest.mark.parametrize("action", [
    Place("w1", "p-top-1"), Home("w2"), Act("w1"), Act("w1", ("gambal-b3",), ("military+gold",)),
    Act("w3", ("purple-c1", "green-c2:g-top-1"), ("gold", "display2>red")), Flip("purple"), Play("bolk-b1"),
    Play("bolk-b1", ("gold", "power")), Retrieve(), Claim("legendary"), Claim("banner", ("power+power",)), Refill(),
    Fame("power"), Pass(), Done(), Wait(), Reward("council-03"), Reward("council-03", (), "power+power"),
    Reward("default", ("culture",), "power"), Reward("great", ("w3",)), Trim("red", ("prov-01", "prov-07")),
])
def test_each_kind_round_trips(action):
    assert_round_trips(action)


@given(ACTIONS)
def test_any_action_round_trips(action):
    assert_round_trips(action)


def test_the_text_is_the_saved_games_text():
    assert Act("w1", ("gambal-b3",), ("military+gold",)).to_text() == "act w1 with=gambal-b3 military+gold"
    assert Reward("council-03", ("gold",), "power+power").to_text() == "reward council-03 gold bonus:power+power"
    assert Trim("red", ("prov-01", "prov-07")).to_text() == "trim red prov-01,prov-07"
    assert Claim("banner", ("power+power",)).to_text() == "claim banner power+power"
    assert parse_action("act w1 with=x with=y:z gold") == Act("w1", ("x", "y:z"), ("gold",))


@pytest.mark.parametrize("text", ["", "jump w1", "place w1", "home", "flip", "pass now", "trim red a,b c"])
def test_text_that_is_no_action_says_so(text):
    with pytest.raises(ValueError):
        parse_action(text)
