"""engine.core.stats and engine.core.simulate, the batch-play helpers shared by every game."""
from __future__ import annotations

import pytest

from gridsmith.engine.core.simulate import GameRecord, make_specs, summarize
from gridsmith.engine.core.stats import spread, wilson


def test_wilson_interval_known_values():
    # Wilson score interval, 95%: 5 of 10 -> [0.2366, 0.7634]; 0 of 20 -> [0, 0.1611]
    p = wilson(5, 10)
    assert (round(p.low, 4), round(p.high, 4)) == (0.2366, 0.7634)
    p = wilson(0, 20)
    assert p.low == 0.0 and round(p.high, 4) == 0.1611
    assert wilson(0, 0).n == 0


def test_spread():
    s = spread([2, 4, 4, 4, 5, 5, 7, 9])
    assert s.mean == 5 and s.sd == pytest.approx(2.138, abs=1e-3) and (s.low, s.high) == (2, 9)


def test_rotation_gives_every_agent_every_seat_on_the_same_seed():
    specs = make_specs("pendulous", None, ["a", "b", "c"], 2, seed=10, rotate=True)
    assert [(s.seed, s.agents) for s in specs[:3]] == [
        (10, ("a", "b", "c")), (10, ("c", "a", "b")), (10, ("b", "c", "a"))]
    assert len(specs) == 6


def test_summary_counts_wins_draws_and_first_seat_advantage():
    recs = [
        GameRecord(1, 0, ("x", "y"), (0,), (5.0, 1.0), 10, 3, 0.1),
        GameRecord(1, 1, ("y", "x"), (1,), (2.0, 4.0), 12, 3, 0.1),
        GameRecord(2, 0, ("x", "y"), (0, 1), (3.0, 3.0), 14, 3, 0.1),
        GameRecord(2, 1, ("y", "x"), (), (), 0, None, 0.1, error="boom"),
    ]
    s = summarize(recs, 2)
    assert s.games == 3 and len(s.errors) == 1
    assert [p.k for p in s.seat_wins] == [1, 1] and s.draws.k == 1
    assert s.agent_wins["x"].k == 2 and s.agent_wins["x"].n == 3 and s.agent_wins["y"].k == 0
    assert s.first_seat_advantage == pytest.approx(1 / 3 - 1 / 2)
    assert s.length_actions.mean == 12 and "first-seat advantage" in s.to_text()
