"""The planner's look-ahead over the coming flips and the council (engine.pendulum.agents.PlannerAgent).

Rulebook: a worker acts only while a sandglass stands in its row; an expired glass is flipped onto the
other row ("Ist eine Sanduhr abgelaufen, darf jeder von euch diese umdrehen"), purple only onto a circle
holding a marker, and removing the last marker calls the council ("Zur Ratsversammlung rufen").
"""
from __future__ import annotations

from pendulum_helpers import CONTENT, put, started

from gridsmith.engine.pendulum.actions import Place
from gridsmith.engine.pendulum.agents import PlannerAgent
from gridsmith.engine.pendulum.api import GAME
from gridsmith.engine.pendulum.runner import DEFAULT_AUTO_FLIP_MS


def test_arrival_of_each_glass_and_the_council_call():
    st = started()  # every glass on its bottom row, just flipped at 0 ms
    p = PlannerAgent()
    d = DEFAULT_AUTO_FLIP_MS  # this state has no automatic flip of its own: the runner's default
    durations = {a: st.rules.sandglasses.duration(a) for a in ("purple", "green", "black")}
    assert sum(st.markers) == 2 and st.markers[0] >= 1
    # purple runs out, is flipped (a marker off), runs again and its last flip calls the council
    assert p.council_in(st) == durations["purple"] + d + (durations["purple"] + d)
    assert p.arrival(st, "g-bottom-1") == 0  # the glass stands there now
    assert p.arrival(st, "g-top-1") == durations["green"] + d
    assert p.arrival(st, "b-top-1") == durations["black"] + d
    assert p.arrival(st, "p-top-1") == durations["purple"] + d
    st.markers[0] = 0  # no marker on the top circle: purple never lands there this round
    assert p.arrival(st, "p-top-1") is None and p.soon(st, "p-top-1") == 0.0
    assert p.soon(st, "g-bottom-1") == 1.0


def test_a_placement_prefers_the_row_whose_glass_comes_first():
    st = started()
    put(st, 0, "w2", None)
    view = st.view(0)
    p = PlannerAgent()
    values = {sid: 1.0 for sid in st.spaces}  # the same gain everywhere: only the clock differs
    black = p.placement_score(view, 0, Place("w2", "b-top-1"), values)
    green = p.placement_score(view, 0, Place("w2", "g-top-1"), values)
    purple = p.placement_score(view, 0, Place("w2", "p-top-1"), values)
    assert black > green > purple > 0  # 45 s, 2 min and 3 min of sand left


def test_every_finished_game_ended_by_the_rulebooks_end():
    # "Nach der 4. Ratsphase endet das Spiel": no safety bound ends a Pendulum game, so a finished game
    # (everyone losing included) ended by its own rule
    state = GAME.new_game(CONTENT / "duel.scn.yaml", seed=1)
    assert not GAME.ended_by_rule(state)
    GAME.match(state, ["greedy", "greedy"], agent_seed=1).run()
    assert state.is_over and GAME.ended_by_rule(state)
