"""Hidden information: a side's view holds only what it has seen, and no agent can read more.

Manual, Pieces: "At the beginning you will not know the ranks of Cheops' pieces and he will not know
yours. The identities of pieces become known only through attacks and by moves which are unique to
specific ranks." Move Selection Algorithm: "Cheops never knows more about your pieces than a human
opponent would."
"""
from __future__ import annotations

import pytest

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pyramids.agents import RandomAgent
from gridsmith.engine.pyramids.cheops import CheopsAgent
from gridsmith.engine.pyramids.game import default_scenario, new_game

SETUP = ["PS876857654", "SS3C2S8768S", "57654S3876S", "28576438841"]


def swapped(rows, a, b):
    cells = [list(r) for r in rows]
    (ra, ca), (rb, cb) = a, b
    cells[ra][ca], cells[rb][cb] = cells[rb][cb], cells[ra][ca]
    return ["".join(r) for r in cells]


def agents():
    # Cheops with a fixed number of samples and no soft time budget, so his choice depends on
    # nothing but the view and his own random generator
    return [RandomAgent(), CheopsAgent(level=1, samples=2, nodes=10**9),
            CheopsAgent(level=2, samples=1, nodes=10**9)]


# (owner side, two setup squares of different ranks with the same way of moving)
SWAPS = [
    (1, (0, 0), (0, 1)),  # Cheops' pyramid and a sphinx: both immobile
    (1, (2, 2), (3, 0)),  # Cheops' camel and bull, far from the deserts: the same moves
    (0, (0, 0), (1, 0)),  # the player's pyramid and a sphinx
    (0, (3, 1), (3, 4)),  # the player's antelope and wolf ... different slide rules, so only views
]


@pytest.mark.parametrize("owner,a,b", SWAPS[:3])
def test_states_differing_in_unrevealed_pieces_give_same_views_and_moves(owner, a, b):
    viewer = 1 - owner
    setups1 = (SETUP, SETUP)
    other = swapped(SETUP, a, b)
    assert other != SETUP
    setups2 = (other, SETUP) if owner == 0 else (SETUP, other)
    res = default_scenario(slide=2)
    s1, s2 = new_game(res, 7, first=viewer, setups=setups1), new_game(res, 7, first=viewer, setups=setups2)
    geo = s1.geo
    pids = [s1.pid_at[geo.setup_square(owner, *a)], s1.pid_at[geo.setup_square(owner, *b)]]
    assert s1.piece_type[pids[0]] != s1.piece_type[pids[1]]
    driver = CounterRng(11)
    checked = 0
    for _ in range(40):
        if s1.is_over or s2.is_over or any(s.known[viewer][p] for s in (s1, s2) for p in pids):
            break
        side = s1.to_move
        assert s2.to_move == side
        assert s1.legal_actions() == s2.legal_actions()
        if side == viewer:
            v1, v2 = s1.view(viewer), s2.view(viewer)
            assert v1 == v2
            for ag in agents():
                m1 = ag.choose(v1, s1.legal_actions(), CounterRng(5))
                m2 = ag.choose(v2, s2.legal_actions(), CounterRng(5))
                assert m1 == m2, ag.name
            checked += 1
        move = driver.choice(s1.legal_actions())
        s1.apply(move)
        s2.apply(move)
    assert checked >= 5


def test_view_hides_unrevealed_types_and_shows_own():
    s = new_game(default_scenario(), 3, setups=(SETUP, SETUP))
    for viewer in (0, 1):
        v = s.view(viewer)
        for cell in v.squares:
            if cell is None:
                continue
            side, pid, t, moved, other_knows = cell
            assert (t != 0) == (side == viewer)
            assert not other_knows


def test_swapped_sliders_differ_only_in_the_owner_view():
    owner, a, b = SWAPS[3]
    res = default_scenario()
    s1 = new_game(res, 1, first=1, setups=(SETUP, SETUP))
    s2 = new_game(res, 1, first=1, setups=(swapped(SETUP, a, b), SETUP))
    assert s1.view(1) == s2.view(1)
    assert s1.view(0) != s2.view(0)
