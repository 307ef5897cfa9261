"""The balance assistant (engine.core.assistant), its edits (engine.core.edits) and the balance check's
baseline test (engine.core.baseline), on real games of the bundled content."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from gridsmith.engine.core import baseline
from gridsmith.engine.core.assistant import CONFIRM_SEEDS, SCREEN_SEEDS, Assistant, Budget, Tolerance, imbalance
from gridsmith.engine.core.edits import Change, Edit, apply_edit, file_problems, valid_edit
from gridsmith.engine.core.games import get
from gridsmith.engine.core.simulate import make_specs, run, summarize
from gridsmith.formats.loader import load_model

REPO = Path(__file__).resolve().parents[2]
DUEL = REPO / "content" / "pendulous" / "duel.scn.yaml"


def duel():
    model, _, diags = load_model(DUEL)
    assert model is not None, diags
    return model


def test_an_edit_changes_only_its_values_and_checks_what_it_replaces():
    m = duel()
    e = Edit("gray starts with 1 more army", (Change(("players", 1, "initial_forces"),
                                                     m.players[1].initial_forces, m.players[1].initial_forces + 1),))
    edited = apply_edit(m, e)
    assert edited.players[1].initial_forces == m.players[1].initial_forces + 1
    assert edited.model_dump(exclude={"players"}) == m.model_dump(exclude={"players"})
    stale = Edit("x", (Change(("players", 1, "initial_forces"), -5, 3),))
    with pytest.raises(ValueError, match="initial_forces is"):
        apply_edit(m, stale)


def test_an_edit_that_makes_an_invalid_file_is_never_proposed():
    m = duel()
    known = frozenset(file_problems(m, DUEL))
    beyond = Edit("too many armies", (Change(("players", 0, "initial_forces"), m.players[0].initial_forces, 10**9),))
    assert valid_edit(m, beyond, DUEL, known) is None  # the format's bound
    water = Edit("red's land drowned", (Change(("map", 0), m.map[0], "~" * len(m.map[0])),))
    assert valid_edit(m, water, DUEL, known) is None or not any(
        p.startswith("error") for p in file_problems(apply_edit(m, water), DUEL))


def test_pendulous_edit_space_names_the_weakest_seat_and_stays_valid():
    m = duel()
    game = get("pendulous")
    specs = make_specs("pendulous", m, ["greedy", "greedy"], 20, agent_seed=1, base=str(DUEL.parent))
    measured = summarize(run(specs), 2)
    edits = list(game.edit_space(m, measured))
    assert edits, "Pendulous proposes edits for a lopsided duel"
    rates = [p.rate for p in measured.seat_wins]
    weak = m.players[rates.index(min(rates))].name
    assert any(weak in e.label for e in edits)
    kinds = {c.path[-1] if c.path[0] == "players" else c.path[0] for e in edits for c in e.changes}
    assert {"start_victory_points", "initial_forces", "map"} <= kinds  # handicap, armies, squares
    known = frozenset(file_problems(m, DUEL))
    assert sum(valid_edit(m, e, DUEL, known) is not None for e in edits) >= len(edits) // 2
    squares = [e for e in edits if e.cells]
    assert squares and all(len(e.cells) >= 1 for e in squares)  # the editor marks them on the map


def test_the_assistant_screens_then_confirms_on_fresh_seeds():
    """Honest statistics: proposals are confirmed on seeds the screening never played."""
    played: list[int] = []
    a = Assistant("pendulous", duel(), DUEL, budget=Budget(games=300), seed=0, base=str(DUEL.parent))
    inner = a._play

    def spy(models, games, seed):
        played.extend(range(seed, seed + games))
        return inner(models, games, seed)

    a._play = spy
    rep = a.run()
    assert rep.before is not None and rep.before.games == a.measure_games
    assert rep.games <= 300
    if rep.balanced:
        assert not rep.proposals
        return
    assert rep.candidates > 0
    assert 1 <= len(rep.proposals) <= 3
    screened = {s for s in played if SCREEN_SEEDS <= s < CONFIRM_SEEDS}
    confirmed = {s for s in played if s >= CONFIRM_SEEDS}
    assert screened and confirmed and not screened & confirmed
    for p in rep.proposals:
        assert p.after.games == p.before.games == a.confirm_games  # before and after on the same fresh seeds
        assert p.meets_tolerance == Tolerance().meets(p.after)
        assert not any(x.startswith("error") for x in file_problems(p.model, DUEL))
    ranks = [(not p.meets_tolerance, imbalance(p.after)) for p in rep.proposals]
    assert ranks == sorted(ranks)
    data = rep.to_json()
    assert set(data["proposals"][0]) >= {"edits", "before", "after", "meets_tolerance"}


def test_a_cancelled_search_says_so_and_plays_no_more():
    a = Assistant("pendulous", duel(), DUEL, budget=Budget(games=2000), base=str(DUEL.parent))
    a.progress = lambda done, total: a.cancel() if done >= 5 else None
    rep = a.run()
    assert rep.cancelled
    assert rep.games < 40
    assert "cancel" in rep.message


class Anything(Tolerance):
    def meets(self, s):
        return True  # whatever was measured


def test_a_balanced_scenario_gets_no_proposal():
    m = duel()
    a = Assistant("pendulous", m, DUEL, budget=Budget(games=200), base=str(DUEL.parent), tolerance=Anything())
    rep = a.run()
    assert rep.balanced and not rep.proposals
    assert rep.games == a.measure_games
    assert "balanced" in rep.message


# ---- the baseline test -------------------------------------------------------------------------------

def test_two_proportion_test_matches_the_textbook():
    """71/100 against 57/100: pooled p = 0.64, z = 0.14 / sqrt(0.64 * 0.36 * 0.02) = 2.062, p = 0.039."""
    p = baseline.two_proportion_p(baseline.Rate("a", 71, 100), baseline.Rate("a", 57, 100))
    assert p == pytest.approx(math.erfc(2.0624 / math.sqrt(2)), abs=1e-3)
    assert p == pytest.approx(0.039, abs=1e-3)


def test_a_move_needs_both_significance_and_size():
    before = [baseline.Rate("seat Red", 5000, 10000)]
    small = [baseline.Rate("seat Red", 5300, 10000)]  # 3 points: significant on 10,000 games, too small
    assert baseline.moves(before, small) == []
    noisy = [baseline.Rate("seat Red", 8, 10)]  # 30 points on 10 games: not significant
    assert baseline.moves([baseline.Rate("seat Red", 5, 10)], noisy) == []
    big = [baseline.Rate("seat Red", 6000, 10000)]
    (m,) = baseline.moves(before, big)
    assert m.what == "seat Red" and m.after == pytest.approx(0.6) and m.p < 0.01


def test_a_baseline_that_is_not_one_is_refused_in_one_line(tmp_path):
    bad = tmp_path / "x.balance.json"
    bad.write_text("{not json")
    with pytest.raises(baseline.BaselineError, match="not a baseline"):
        baseline.read(bad)
    bad.write_text('{"gridsmith_baseline": 1, "rates": [{"what": "seat Red"}]}')
    with pytest.raises(baseline.BaselineError, match="missing or wrong"):
        baseline.read(bad)
    assert baseline.next_to("content/duel.scn.yaml") == Path("content/duel.scn.balance.json")


# ---- every game declares its edit space ----------------------------------------------------------

def _lopsided(n: int, strong: int = 0, weak: int | None = None):
    """A measured summary where seat `strong` won 9 of 10 and the weakest seat one or none."""
    from gridsmith.engine.core.simulate import GameRecord

    weak = n - 1 if weak is None else weak
    recs = [GameRecord(i, 0, ("x",) * n, (strong,), tuple(1.0 if q == strong else 0.0 for q in range(n)), 10, 1, 0.1)
            for i in range(9)]
    recs.append(GameRecord(9, 0, ("x",) * n, ((strong + 1) % n if (strong + 1) % n != weak else strong,),
                           (0.0,) * n, 10, 1, 0.1))
    return summarize(recs, n)


SCENARIOS = sorted(str(p.relative_to(REPO)) for p in (REPO / "content").glob("*/*.scn.yaml"))
#: what each game's edits touch in the scenario file (issue 33 item 2; the files it refers to: test_edits_referenced.py)
TOUCHES = {"pendulous": {"start_victory_points", "initial_forces", "map"}, "pyramids": {"first", "slide"},
           "kongbots": {"build"}, "circuitwar": {"energy", "grid"}, "pendulum": {"privilege", "side", "leader"}}


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_game_proposes_valid_edits_for_its_weakest_seat(name):
    f = REPO / name
    model, _, diags = load_model(f)
    assert model is not None, diags
    game = get(model.kind.split(".")[0])
    n = len(game.seats(model))
    edits = list(game.edit_space(model, _lopsided(n), f))
    assert edits, f"{game.name} proposes no edit for a lopsided {name}"
    touched = {c.path[-1] if isinstance(c.path[-1], str) else c.path[0] for e in edits for c in e.changes}
    assert touched & TOUCHES[game.name], touched
    known = frozenset(file_problems(model, f))
    valid = [e for e in edits if valid_edit(model, e, f, known) is not None]
    assert len(valid) >= max(1, len(edits) // 2), [e.label for e in edits if e not in valid]
    assert all(e.label and e.changes for e in edits)
    # a balanced measurement has no strongest seat: nothing to propose
    even = summarize([], n)
    assert list(game.edit_space(model, even, f)) == []
