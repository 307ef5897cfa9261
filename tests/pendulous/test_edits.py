"""Pendulous' edit space (engine/pendulous/edits.py) on maps of more than two seats, and the smallest
handicap it proposes; the balance assistant's tests (tests/core/test_balance_assistant.py) cover the
edit space on every bundled scenario."""
from __future__ import annotations

from pathlib import Path

from gridsmith.engine.core.edits import file_problems, valid_edit
from gridsmith.engine.core.simulate import GameRecord, Summary, summarize
from gridsmith.engine.pendulous.edits import edit_space
from gridsmith.formats.loader import load_model

CONTENT = Path(__file__).resolve().parents[2] / "content" / "pendulous"
CONTINENT = CONTENT / "continent.scn.yaml"
DUEL = CONTENT / "duel.scn.yaml"


def _load(f: Path):
    model, _, diags = load_model(f)
    assert model is not None, diags
    return model


def _measured(wins: list[int], scores: list[float]) -> Summary:
    """A measurement where seat q won wins[q] games, every game scored `scores`."""
    n = len(wins)
    recs = [GameRecord(i, 0, ("greedy",) * n, (q,), tuple(scores), 100, 30, 0.1)
            for i, q in enumerate(q for q in range(n) for _ in range(wins[q]))]
    return summarize(recs, n)


# Four Kingdoms as measured (docs/balance.md): red 18, gray 0, green 75, blue 7 of 100 games
FOUR_KINGDOMS = _measured([18, 0, 75, 7], [15207.1, 9706.66, 16217.35, 11774.12])


def _every_seat_edits(edits):
    return [e for e in edits if len({c.path[1] for c in e.changes if c.path[0] == "players"}) > 1]


def test_on_four_seats_every_seat_below_its_share_is_helped_at_once():
    m = _load(CONTINENT)
    edits = list(edit_space(m, FOUR_KINGDOMS, CONTINENT))
    several = _every_seat_edits(edits)
    assert several, "an edit for red, gray and blue together"
    assert edits[: len(several)] == several  # listed first: a small budget screens the first edits
    for e in several:
        assert {c.path[1] for c in e.changes} == {0, 1, 3}  # red, gray, blue; never green, the strongest
    handicaps = [e for e in several if all(c.path[2] == "start_victory_points" for c in e.changes)]
    assert len(handicaps) == 2  # half and all of each seat's own score gap to green
    full = max(handicaps, key=lambda e: sum(c.after for c in e.changes))
    after = {c.path[1]: c.after - c.before for c in full.changes}
    assert after == {0: 1000, 1: 6500, 3: 4400}  # 16,217 - 15,207, - 9,707, - 11,774, to two figures
    known = frozenset(file_problems(m, CONTINENT))
    assert all(valid_edit(m, e, CONTINENT, known) is not None for e in several)


def test_on_two_seats_only_the_weakest_and_the_strongest_are_edited():
    m = _load(DUEL)
    edits = list(edit_space(m, _measured([16, 4], [500.0, 300.0]), DUEL))
    assert edits and not _every_seat_edits(edits)


def test_one_seat_behind_gets_no_combined_edit():
    m = _load(CONTINENT)
    # green 40, red 30, blue 27, gray 3: only gray is below 25%
    edits = list(edit_space(m, _measured([30, 3, 40, 27], [15000.0, 9000.0, 16000.0, 14000.0]), CONTINENT))
    assert edits and not _every_seat_edits(edits)


def test_a_handicap_too_small_to_notice_is_not_proposed():
    """Scores within 2% of the strongest's: steps of +1 or +2 points on scores of 900 change nothing."""
    m = _load(DUEL)
    edits = list(edit_space(m, _measured([14, 6], [904.0, 900.0]), DUEL))
    assert edits  # the armies, squares and cities are still proposed
    assert not [e for e in edits if e.changes[0].path[-1:] == ("start_victory_points",)]
    edits = list(edit_space(m, _measured([14, 6], [900.0, 600.0]), DUEL))
    steps = sorted(c.after - c.before for e in edits for c in e.changes if c.path[-1] == "start_victory_points")
    assert steps == [75, 150, 300]  # a quarter, half and all of the gap, each over 18 (2% of 900)
