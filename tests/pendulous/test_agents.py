"""Computer players: legal play, strength against each other, discovery through entry points."""
from __future__ import annotations

import sys
import textwrap

import pytest

from gridsmith.engine.core import agents as registry
from gridsmith.engine.core.protocol import Agent
from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.core.simulate import GameSpec, make_specs, play_game, run, summarize
from gridsmith.engine.pendulous.api import GAME
from gridsmith.engine.pendulous.agents import GreedyAgent, RandomAgent, SearchAgent


@pytest.mark.parametrize("agent", [RandomAgent(), GreedyAgent(), SearchAgent(candidates=2, rollouts=1)])
def test_agents_only_choose_legal_actions(duel, agent):
    assert isinstance(agent, Agent)
    s = GAME.new_game(duel, seed=4)
    rng = CounterRng(9)
    while not s.is_over and s.turn < 3:
        legal = s.legal_actions()
        a = agent.choose(s.view(s.seat), legal, rng)
        assert a in legal
        s.apply(a)


def test_view_hides_the_game_dice(duel):
    s = GAME.new_game(duel, seed=4)
    v = s.view(0)
    assert v.rng is None and s.rng is not None
    assert v.owner == s.owner and v.legal_actions() == s.legal_actions()


def test_greedy_beats_random_on_the_duel(duel):
    specs = make_specs("pendulous", duel, ["greedy", "random"], 6, rotate=True)
    summary = summarize(run(specs), 2)
    assert summary.errors == []
    assert summary.agent_wins["greedy"].k >= 11  # of 12; measured 40/40 over 20 seeds


def test_bundled_agents_are_found_through_entry_points():
    assert {"random", "greedy", "search"} <= set(registry.available("pendulous"))
    assert isinstance(registry.create("pendulous", "greedy", threshold=0.6), GreedyAgent)
    with pytest.raises(KeyError, match="known: greedy"):
        registry.create("pendulous", "nonesuch")


def test_a_third_party_agent_package_is_discovered(tmp_path, monkeypatch, duel):
    """A package that declares a `gridsmith.agents` entry point appears without code changes: here an
    installed distribution (a *.dist-info folder) on sys.path, as pip would leave it."""
    pkg = tmp_path / "corner_agent.py"
    pkg.write_text(textwrap.dedent('''
        class CornerAgent:
            """Always the first legal action."""
            name = "corner"
            def __init__(self, **options):
                self.options = options
            def choose(self, view, legal_actions, rng):
                return legal_actions[0]
    '''))
    dist = tmp_path / "corner_agent-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: corner-agent\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[gridsmith.agents]\npendulous.corner = corner_agent:CornerAgent\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "corner" in registry.available("pendulous")
    rec = play_game(GameSpec("pendulous", duel, ("corner", "greedy"), seed=1))
    assert rec.error is None and rec.winners
    sys.modules.pop("corner_agent", None)


def test_a_view_cannot_roll_the_games_dice(duel):
    from gridsmith.engine.pendulous.agents import greedy_move

    s = GAME.new_game(duel, seed=4)
    while s.turn == 0:
        s.apply(greedy_move(s))
    v = s.view(s.seat)
    attack = next(a for a in v.legal_actions() if type(a).__name__ == "Attack")
    with pytest.raises(RuntimeError, match="view"):
        v.apply(attack)
    assert v.log == s.log  # nothing happened
    v.rng = CounterRng(1)
    assert v.apply(attack)


def test_greedy_keeps_attacking_a_defended_line_while_it_has_armies_and_resources():
    """Issue 12: greedy stopped attacking with 12 armies and 46 resources unused when every
    border square of the defender held an army. 2.7: "Each time a player attacks the same square
    successivly the attackers point value increases by 25%": a square that resists one attack
    falls to a short run of them, so greedy attacks while the run's odds are good."""
    from gridsmith.engine.pendulous import attack_odds
    from gridsmith.engine.pendulous.actions import Attack, EndTurn
    from gridsmith.engine.pendulous.agents import greedy_move

    from .helpers import player, start, through_setup

    s = start(["11122", "A112B", "11122"], [player(initial_forces=15, start_resources=46, max_forces=30),
                                            player(initial_forces=3)])
    through_setup(s, {0: ["place 0,2", "place 1,2", "place 2,2"], 1: ["place 0,3", "place 1,3", "place 2,3"]})
    assert max(attack_odds(s, (r, 3)).chance for r in range(3)) < 0.5  # no single attack is good
    assert isinstance(greedy_move(s.clone(), max_run=0), EndTurn)  # the old policy gave up here
    attacks = 0
    while True:
        a = greedy_move(s)
        if isinstance(a, EndTurn):
            break
        attacks += isinstance(a, Attack)
        s.apply(a)
    assert attacks >= 3
    assert any(s.owner[s.board.index(r, 3)] == 0 for r in range(3))  # the line was broken


# ------------------------------------------------------------ search: evaluation and allocation
def _three_kingdoms(turns: int = 5):
    """A 3-seat strip: seat 0 (left) borders seat 1, seat 1 borders seat 2; after the setup turn."""
    from .helpers import player, start, through_setup

    s = start(["A11122233C", "1112223333", "A11B22333C"], [player(initial_forces=4), player(initial_forces=4),
                                                           player(initial_forces=4)], turns=turns)
    through_setup(s, {0: ["place 1,2"], 1: ["place 1,3"], 2: ["place 1,6"]})
    return s


def test_armies_fade_from_the_projection_as_the_game_runs_out():
    """Armies and position only promise points: with `fade_turns` they weigh in full while at least
    that many accumulations remain after the next one, in proportion below, and nothing in the last
    turn (1.2: "the player with the greatest number of victory points after the last turn is the
    winner"; a leftover army scores nothing)."""
    from gridsmith.engine.pendulous.actions import END_TURN
    from gridsmith.engine.pendulous.agents import projections

    s = _three_kingdoms(turns=3)
    while s.turn < 3:  # to the last turn
        s.apply(END_TURN)
    assert s.turn == 3 and s.seat == 0
    plain, faded = projections(s, army_value=2.0), projections(s, army_value=2.0, fade_turns=4)
    # seat 0: only the final accumulation is left, so its armies and position count nothing
    assert faded[0] < plain[0]
    land0 = s.own_mask[0] & s.static.board.land_mask
    income0 = (land0 & s.supplied).bit_count() * s.static.vp_land + (
        s.own_mask[0] & s.static.board.city_mask).bit_count() * s.static.vp_city
    assert faded[0] == s.vp[0] + income0 * 1
    # seats 1 and 2 still start turn 3: two accumulations left, so 1/4 of armies and position
    for q in (1, 2):
        assert plain[q] > faded[q] > s.vp[q]
    early = _three_kingdoms(turns=30)
    assert projections(early, 2.0) == projections(early, 2.0, fade_turns=4)  # nothing fades early


def test_the_rival_is_the_leader_or_a_mix_with_the_field():
    from gridsmith.engine.pendulous.agents import evaluate, projections

    s = _three_kingdoms()
    s.vp[2] += 500  # seat 2 leads
    proj = projections(s, 2.0)
    assert evaluate(s, 0, 2.0) == pytest.approx(proj[0] - proj[2])
    mixed = 0.5 * proj[2] + 0.5 * (proj[1] + proj[2]) / 2
    assert evaluate(s, 0, 2.0, leader_weight=0.5) == pytest.approx(proj[0] - mixed)


def test_successive_halving_gives_later_rollouts_to_the_better_candidates(monkeypatch):
    """With `halving`, round r + 1 rolls out only the better half (at least two) of the candidates
    still in the field after round r; without it every candidate gets every round."""
    s = _three_kingdoms()
    view = s.view(s.seat)
    calls: list = []

    agent = SearchAgent(rollouts=3, halving=True)
    cands = [a for a in agent._candidates(view) if a in s.legal_actions()]
    assert len(cands) >= 4
    worth = {a: float(k % 3 * 10 + k) for k, a in enumerate(cands)}  # a fixed worth per candidate

    def fake_value(self, v, a, me, seed):
        calls.append(a)
        return worth[a]

    monkeypatch.setattr(SearchAgent, "_value", fake_value)
    choice = agent.choose(view, s.legal_actions(), CounterRng(1))
    n = len(cands)
    second = max(2, (n + 1) // 2)
    third = max(2, (second + 1) // 2)
    assert len(calls) == n + second + third
    assert set(calls[n:n + second]) == set(sorted(cands, key=lambda a: -worth[a])[:second])
    assert worth[choice] == max(worth.values())
    calls.clear()
    SearchAgent(rollouts=3, halving=False).choose(view, s.legal_actions(), CounterRng(1))
    assert len(calls) == 3 * n


def _arm_of_land():
    """Seat 1 (row 1) holds an arm of land one square wide, supplied only from its city at the
    right end (2.8: supply runs from a city through the owner's squares); seat 0 borders the arm
    at columns 2-5. Taking column c of the arm cuts columns 0..c-1 off from supply."""
    from .helpers import player, start, through_setup

    s = start(["~~~1A1~~~~", "22222222B~", "~~~~~~~~~~"],
              [player(initial_forces=6, start_resources=10), player(initial_forces=2)], turns=10)
    through_setup(s, {0: ["place 0,3", "place 0,5"]})
    return s


def test_the_search_knows_which_attacks_cut_land_off_from_supply():
    """2.8: a square out of supply scores nothing (2.3 "owned and in supply") and starts to revert
    to its neighbours; greedy's square values do not see this. `_cut_off` counts, for each target,
    the owner's supplied land that would lose supply with it, and `cut_candidates` adds the best such
    attacks (chance x land cut off) to the search's candidates."""
    from gridsmith.engine.pendulous.agents import _cut_off, _targets

    s = _arm_of_land()
    assert s.turn == 1 and s.seat == 0
    targets = _targets(s, 0)
    idx = s.board.index
    assert {t[2] for t in targets} == {idx(1, c) for c in range(2, 7)}
    assert _cut_off(s, targets) == {idx(1, 2): 2, idx(1, 3): 3, idx(1, 4): 4, idx(1, 5): 5, idx(1, 6): 6}
    view = s.view(0)
    plain = SearchAgent(candidates=1, cut_candidates=0)._candidates(view)
    with_cuts = SearchAgent(candidates=1, cut_candidates=1)._candidates(view)
    best_other = max((t for t in targets if s.static.attack[t[2]] != plain[0]),
                     key=lambda t: t[1] * _cut_off(s, targets)[t[2]])
    assert s.static.attack[best_other[2]] not in plain
    assert with_cuts == plain[:1] + [s.static.attack[best_other[2]]] + plain[1:]


def test_the_trend_projects_a_change_of_income_forward():
    """With `before` (the incomes at the search's root) and `trend`, a seat whose income changed by
    d since then is projected as if it changed by trend x d more, for every accumulation left."""
    from gridsmith.engine.pendulous.agents import incomes, projections

    s = _three_kingdoms(turns=30)
    before = incomes(s)
    held = projections(s, 2.0)
    assert projections(s, 2.0, before=before, trend=1.0) == held  # no change, nothing to extend
    # seat 0 takes a land square of seat 1: +1 income for 0, -1 for 1
    s.apply(s.static.attack[s.board.index(1, 3)], forced_outcome=True)
    now = incomes(s)
    assert now[0] == before[0] + 1 and now[1] == before[1] - 1
    left0 = max(0, s.static.turns - s.turn) + 1
    left1 = left0 + 1  # seat 1 still starts a turn in this round
    plain, trended = projections(s, 2.0), projections(s, 2.0, before=before, trend=0.5)
    assert trended[0] - plain[0] == pytest.approx(0.5 * left0)
    assert trended[1] - plain[1] == pytest.approx(-0.5 * left1)
    assert trended[2] == plain[2]
