"""What a piece that never moves says about it: idle turns (public) and Cheops' inference from them.

Manual, Move Selection Algorithm: "Inferences made about your pieces are probabilistic in nature."
Rules of Play: "The pyramid and the sphinxes cannot move." A piece that could have moved, turn after
turn, and never did is likelier to be one that cannot.
"""
from __future__ import annotations

import math
from collections import Counter

import pytest

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pyramids.beliefs import Beliefs
from gridsmith.engine.pyramids.cheops import CheopsAgent
from gridsmith.engine.pyramids.game import default_scenario, new_game
from gridsmith.engine.pyramids.pieces import CAT, LION, PYRAMID, SPHINX
from gridsmith.engine.pyramids.evaluation import VAL

from pyramids_helpers import play, position


def _idle(s, name: str) -> int:
    return s.idle[s.pid_at[s.geo.parse(name)]]


def test_idle_turns_count_the_owners_turns_with_an_open_neighbour():
    # a1 (pyramid) is boxed in by its own a2 and b1; the sphinx b1 has c1 open; the wolf a2 has a3
    s = position({"a1": "pP", "b1": "pS", "a2": "p4", "k11": "cP", "k10": "c4"}, first=0)
    play(s, "a2-a3")  # counted before the move: b1 and a2 could have moved, a1 could not
    assert (_idle(s, "a1"), _idle(s, "b1"), s.idle[s.pid_at[s.geo.parse("a3")]]) == (0, 1, 1)
    assert _idle(s, "k11") == 0  # Cheops' turns are counted on Cheops' turns only
    play(s, "k10-k9")  # k11 had j11 open
    assert _idle(s, "k11") == 1
    play(s, "a3-a4")  # a2 is empty now: the pyramid could have moved, as far as anyone can see
    assert (_idle(s, "a1"), _idle(s, "b1")) == (1, 2)
    assert s.idle[s.pid_at[s.geo.parse("a4")]] == 1  # a moved piece counts no more
    # public: both sides see the same counts, unless Cheops' pieces are hidden from the player
    assert s.view(0).idle == s.view(1).idle == tuple(s.idle)
    hidden = position({"a1": "pP", "a2": "p4", "k11": "cP", "k10": "c4"}, first=1, hide_cheops_pieces=True)
    play(hidden, "k10-k9")
    k11 = hidden.pid_at[hidden.geo.parse("k11")]
    assert hidden.idle[k11] == 1 and hidden.view(0).idle[k11] == 0 and hidden.view(1).idle[k11] == 1
    # a copy counts on its own
    c = s.clone()
    play(c, "k9-k8")
    assert _idle(c, "k11") == 2 and _idle(s, "k11") == 1


def _beliefs_with_idle(idle: dict[str, int], rate: float) -> tuple[Beliefs, object]:
    """Cheops' beliefs about the player's random layout at the start of a game, with the player's
    pieces on the given squares idle for the given turns."""
    s = new_game(default_scenario(), 5, first=1)
    for name, f in idle.items():
        s.idle[s.pid_at[s.geo.parse(name)]] = f
    return Beliefs(s.view(1), rate), s


def test_a_piece_idle_for_long_draws_the_belief_in_pyramid_and_sphinx():
    # At the start the player has 44 unmoved pieces, 7 of them sphinxes: a piece that is not the
    # pyramid is a sphinx with the chance s = 7/43. A mobile piece left idle f turns stays with the
    # likelihood exp(-0.05 f); a pyramid or sphinx always stays. So an idle piece is the pyramid with
    # 1 / (s + (1 - s) exp(-0.05 f)) times a fresh candidate's chance: 4.9 times after 60 turns.
    plain, _ = _beliefs_with_idle({"c1": 60, "d2": 20}, 0.0)
    probs = plain.pyramid_probabilities()
    assert len(probs) == 22 and all(p == pytest.approx(1 / 22) for p in probs.values())
    b, s = _beliefs_with_idle({"c1": 60, "d2": 20}, 0.05)
    sq = s.geo.parse
    sh = 7 / 43
    assert b.sphinx_share == pytest.approx(sh)
    odds = {f: 1 / (sh + (1 - sh) * math.exp(-0.05 * f)) for f in (60, 20)}
    assert odds[60] == pytest.approx(4.90, abs=0.01)
    probs = b.pyramid_probabilities()
    fresh = probs[sq("a1")]
    assert probs[sq("c1")] / fresh == pytest.approx(odds[60])
    assert probs[sq("d2")] / fresh == pytest.approx(odds[20])
    assert sum(probs.values()) == pytest.approx(1.0)
    # if not the pyramid, the idle piece is a sphinx with s x odds: 0.80 after 60 turns
    chances = b.sphinx_chances()
    assert chances[sq("a1")] == pytest.approx(sh)
    assert chances[sq("c1")] == pytest.approx(sh * odds[60]) == pytest.approx(0.80, abs=0.005)
    # the sampled boards follow: the pyramid under c1 about 4.9 / (20 + 4.9 + odds[20]) of the time,
    # and where it is not, a sphinx mostly
    rng = CounterRng(4)
    n, pyr, sph = 2000, 0, 0
    for _ in range(n):
        t = b.sample(rng)[sq("c1")]
        pyr += t == PYRAMID
        sph += t == SPHINX
    share = odds[60] / (20 + odds[60] + odds[20])
    assert pyr / n == pytest.approx(share, abs=0.04)
    assert sph / (n - pyr) > 0.6


def _fight(idle_rate: float, attacker: str):
    """Cheops' view of an attack by his piece on a2 on the player's unmoved a1, idle 60 turns, at the
    start of a game (the search board as Cheops builds it)."""
    s = new_game(default_scenario(), 5, first=1)
    s.idle[s.pid_at[s.geo.parse("a1")]] = 60
    boards = []
    agent = CheopsAgent(level=1, samples=1, idle_rate=idle_rate)
    real = agent._board

    def spy(*args):
        boards.append(real(*args))
        return boards[-1]

    agent._board = spy
    agent.choose(s.view(1), s.legal_actions(), CounterRng(1))
    board = boards[0]
    a1, a2 = s.geo.parse("a1"), s.geo.parse("a2")
    board.side_at[a2], board.type_at[a2], board.unk[a2], board.mov[a2] = 1, {"lion": LION, "cat": CAT}[attacker], False, True
    return board.fight(a2, a1, 0)


def test_the_sphinx_risk_of_an_idle_piece_falls_on_the_attacker_but_a_cat():
    # Resolution of Attacks: an attacker defeats "any numeric piece of greater or equal number", "A cat
    # (rank 7) can overpower a sphinx", and a sphinx "will defeat anything which attacks it, except a
    # sacred cat". Against a fresh piece the lion's probe is the better one (it loses only to the
    # pool's 7 sphinxes and 1 lion in 43; the cat loses to ranks 1-6). Against a piece idle 60 turns
    # (a sphinx if not the pyramid with the chance 0.80, the pyramid with 0.19 instead of 1/22) both
    # probes are worth more, and the cat's is now the better one: the lion expects to lose.
    lion_won, lion_gain, _, _ = _fight(0.0, "lion")
    cat_won, cat_gain, _, _ = _fight(0.0, "cat")
    assert lion_won and cat_won and lion_gain > cat_gain
    lion_won_idle, lion_gain_idle, _, _ = _fight(0.05, "lion")
    cat_won_idle, cat_gain_idle, _, _ = _fight(0.05, "cat")
    assert not lion_won_idle and cat_won_idle  # the lion's likelier outcome flips to a lost lion
    assert cat_gain_idle > lion_gain_idle + 0.5 * VAL[CAT] and cat_gain_idle > cat_gain + 20


def _missing(s, side: int) -> list[int]:
    on_board = Counter(s.type_at[sq] for sq in range(s.geo.n) if s.side_at[sq] == side)
    return [t for t, n in enumerate(s.counts[side]) for _ in range(n - on_board.get(t, 0))]


def test_cheops_probes_the_piece_that_never_moved():
    # Cheops' cat b2 stands between two of the player's three unmoved back-row pieces, a2 (idle 40
    # turns) and c2 (fresh); k1 is fresh too, and the player's other pieces have moved. To the
    # player's set less what is gone (one sphinx, one pyramid, two wolves, a hawk and a camel left)
    # a2 is the pyramid with 1 / (1/2 + 1/2 exp(-2)) = 1.76 times c2's chance. To a Cheops that
    # reads nothing into idleness the two probes are alike; with the inference he probes a2.
    pieces = {"a2": "pS", "c2": "pP", "k1": "p4", "h3": "p4", "i3": "p5", "j3": "p6",
              "b2": "c7", "k11": "cP", "j11": "cS", "h9": "c5"}

    def scores(rate: float) -> dict[str, float]:
        s = position(pieces, first=1)
        s.random_setups = (True, True)
        for name in ("d1", "e3", "f3", "b2", "h9"):
            s.moved[s.pid_at[s.geo.parse(name)]] = True
        s.idle[s.pid_at[s.geo.parse("a2")]] = 40
        # the rest of the player's set is gone (public counts: his pool is what stands here)
        s.lost[0].extend(_missing(s, 0))
        infos = []
        CheopsAgent(level=1, samples=1, nodes=10**9, idle_rate=rate, on_think=infos.append).choose(
            s.view(1), s.legal_actions(), CounterRng(3))
        return {i.move.to_text(): i.score for i in infos}

    plain, reading = scores(0.0), scores(0.05)
    assert plain["b2-a2"] == pytest.approx(plain["b2-c2"])
    assert max(reading, key=reading.get) == "b2-a2"
    assert reading["b2-a2"] > reading["b2-c2"] + 20
