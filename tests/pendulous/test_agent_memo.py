"""The computer players' ratings outlive each view (state.AgentMemo, issue 32 item 1): a state
shares its memo with the views the play loop hands to agents, a clone gets its own copy, and a game
played with the shared memo is the game played with ratings made afresh before every action."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from gridsmith.engine.core.loop import Match
from gridsmith.engine.pendulous.agents import GreedyAgent, among
from gridsmith.engine.pendulous.api import GAME
from gridsmith.engine.pendulous.board import bits_of

CONTENT = Path(__file__).resolve().parents[2] / "content" / "pendulous"


def test_views_share_the_memo_and_clones_copy_it():
    s = GAME.new_game(CONTENT / "duel.scn.yaml", 1)
    assert s.view(0).memo is s.memo
    c = s.clone()
    assert c.memo is not s.memo
    s.memo.touched = [3]
    assert s.view(1).touched == [3] and s.clone().touched == [3] and s.clone().touched is not s.memo.touched


class Forgetful(GreedyAgent):
    """Greedy as batch play ran it before: every decision rates every target afresh."""

    def choose(self, view, legal_actions, rng):
        view.memo.cache = None
        view.memo.touched = None
        return super().choose(view, legal_actions, rng)


@pytest.mark.parametrize("scenario,seed", [("duel", 3), ("siege", 4)])
def test_a_game_with_kept_ratings_is_the_game_with_fresh_ones(scenario, seed):
    logs = []
    for agent in (GreedyAgent, Forgetful):
        s = GAME.new_game(CONTENT / f"{scenario}.scn.yaml", seed)
        m = Match(s, [agent() for _ in GAME.seats(s.static.scenario)], agent_seed=seed)
        m.run()
        logs.append((m.action_log(), s.vp))
    assert logs[0] == logs[1] and len(logs[0][0]) > 50


def test_bits_of_and_among():
    for x in (0, 1, 0b1011, (1 << 2549) | (1 << 700) | 5, (1 << 9000) | (1 << 3201) | 6):
        assert bits_of(x) == [i for i in range(x.bit_length()) if x >> i & 1]
    s = GAME.new_game(CONTENT / "duel.scn.yaml", 1)
    legal = s.legal_actions()
    assert among(legal[0], legal) and among(dataclasses.replace(legal[0]), legal)
    assert not among(object(), legal)
