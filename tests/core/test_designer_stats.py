"""The statistics a designer asks about a scenario (issue 32, item 5): completion, decisiveness,
duration with its interval, and the skill share of restricted play (engine.core.simulate)."""
from __future__ import annotations

import json
import math

import pytest

from gridsmith.engine.core.game import Game
from gridsmith.engine.core.games import get
from gridsmith.engine.core.simulate import (GameRecord, Lead, make_specs, play_game, run_batches, skill_share,
                                            skill_specs, strongest, summarize)
from gridsmith.engine.core.stats import bootstrap, mean_interval


def rec(seed: int, winners: tuple[int, ...], by_rule: bool = True, lead: float | None = None, actions: int = 10,
        agents: tuple[str, ...] = ("x", "y"), turns: int | None = 4) -> GameRecord:
    return GameRecord(seed, 0, agents, winners, (0.0, 0.0), actions, turns, 0.1, by_rule=by_rule, lead_from=lead)


def test_mean_interval_is_the_normal_one_and_clipped_to_its_range():
    m = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 1.959963984540054 * math.sqrt(5 / 3) / 2
    assert m.mean == 2.5 and m.low == pytest.approx(2.5 - half) and m.high == pytest.approx(2.5 + half)
    shares = mean_interval([0.9, 1.0, 1.0, 0.2], within=(0.0, 1.0))
    assert shares.high == 1.0 and shares.low >= 0.0
    assert mean_interval([]).n == 0 and mean_interval([3.0]).low == 3.0


def test_bootstrap_repeats_and_brackets_the_estimate():
    a, b = [1.0] * 80 + [0.0] * 20, [1.0] * 60 + [0.0] * 40
    def diff(x: float, y: float) -> float:
        return x - y
    r = bootstrap((a, b), diff)
    assert r.value == pytest.approx(0.2) and r.low < 0.2 < r.high and r == bootstrap((a, b), diff)
    assert bootstrap((a, b), lambda x, y: None).value is None


def test_completion_counts_games_ended_by_the_games_own_rule():
    s = summarize([rec(1, (0,)), rec(2, (1,), by_rule=False), rec(3, (0,)), rec(4, (0, 1), by_rule=False)], 2)
    assert (s.completion.k, s.completion.n) == (2, 4)
    data = s.to_json()
    assert data["completion"]["rate"] == 0.5 and data["safety_bound"] == 2
    assert "completion  50.0%" in s.to_text() and "2 reached a safety bound" in s.to_text()


def test_decisiveness_is_the_mean_share_after_which_the_winner_led_for_good():
    s = summarize([rec(1, (0,), lead=0.2), rec(2, (1,), lead=0.6), rec(3, (0, 1))], 2)
    assert s.decisiveness is not None and s.decisiveness.mean == pytest.approx(0.4) and s.decisiveness.n == 2
    assert json.loads(json.dumps(s.to_json()))["decisiveness"]["mean"] == pytest.approx(0.4)
    assert "led for good after 40.0%" in s.to_text()
    none = summarize([rec(1, (0,))], 2)
    assert none.decisiveness is None and none.to_json()["decisiveness"] is None
    assert "decisiveness: -" in none.to_text()


def test_duration_is_in_turns_when_the_game_counts_them_else_actions():
    s = summarize([rec(1, (0,), turns=4), rec(2, (0,), turns=6)], 2)
    assert s.duration.mean == 5 and s.to_json()["duration"]["unit"] == "turns"
    a = summarize([rec(1, (0,), turns=None, actions=10), rec(2, (0,), turns=None, actions=30)], 2)
    assert a.duration.mean == 20 and a.to_json()["duration"]["unit"] == "actions"


class Scored:
    """A stand-in state and game for Lead: the score per seat is set by the test."""

    def __init__(self) -> None:
        self.vp = [0, 0]


class Measured(Game[Scored, object, object]):
    def leader(self, state: Scored) -> int | None:
        return None if state.vp[0] == state.vp[1] else int(state.vp[1] > state.vp[0])


class Counter:
    actions = 0


def test_lead_follows_the_measure_and_gives_the_share_after_which_the_winner_led():
    state, match = Scored(), Counter()
    lead = Lead(Measured(), state, match)  # type: ignore[arg-type]
    for vp in ([1, 0], [1, 2], [3, 2], [4, 2], [5, 2]):  # seat 0 leads for good after the third action
        state.vp = vp
        match.actions += 1
        lead.step(None)  # type: ignore[arg-type]
    assert lead.share((0,)) == pytest.approx(3 / 5)
    assert lead.share((1,)) == 1.0  # the winner did not lead at the end: decided by the ending rule
    assert lead.share((0, 1)) is None
    assert Measured().has_leader and not Game().has_leader


def test_skill_share_follows_its_definition():
    def batch(agent: str, wins: int, n: int) -> list[GameRecord]:
        return [rec(i, (0,) if i < wins else (1,), agents=(agent, "random")) for i in range(n)]
    s = skill_share(batch("search", 90, 100), batch("greedy", 60, 100), "search", 2)
    assert s.share.value == pytest.approx((0.9 - 0.6) / (1 - 0.6))
    assert s.share.low is not None and s.share.low < s.share.value < s.share.high
    assert s.strong_vs_random.k == 90 and s.greedy_vs_random.k == 60
    # a shared win is half a win; greedy winning every game leaves nothing to measure
    draws = [rec(i, (0, 1), agents=("search", "random")) for i in range(4)]
    assert skill_share(draws, batch("greedy", 4, 4), "search", 2).share.value is None
    assert skill_share(draws, batch("greedy", 0, 4), "search", 2).strong_vs_random.k == 2
    data = s.to_json()
    assert data["strongest"] == "search" and data["fair_share"] == 0.5 and len(data["share"]["ci95"]) == 2


def test_skill_batches_put_each_player_in_every_seat_against_random():
    strong, greedy = skill_specs("kongbots", None, 2, "search", 3, seed=4)
    assert [s.agents for s in strong[:2]] == [("search", "random"), ("random", "search")]
    assert [s.agents for s in greedy[:2]] == [("greedy", "random"), ("random", "greedy")]
    assert len(strong) == len(greedy) == 6 and {s.seed for s in strong} == {4, 5, 6}
    assert strongest(get("kongbots")) == "search" and strongest(get("pyramids")) == "cheops"


def test_kongbots_games_record_completion_and_the_lead():
    from pathlib import Path

    from gridsmith.formats.loader import load_file
    path = Path(__file__).resolve().parents[2] / "content" / "kongbots" / "scout-duel.scn.yaml"
    model = load_file(path).model
    specs = make_specs("kongbots", model, ["greedy", "greedy"], 3, seed=1, base=str(path.parent), agent_seed=1)
    main, extra = run_batches([specs, specs[:1]])
    assert len(main) == 3 and len(extra) == 1  # the same spec in two batches is played once in each
    assert extra[0].winners == play_game(specs[0]).winners == next(r for r in main if r.seed == 1).winners
    for r in main:
        assert r.error is None and r.by_rule and (r.lead_from is None) == (len(r.winners) != 1)
        assert r.lead_from is None or 0.0 <= r.lead_from <= 1.0


CONTENT = __import__("pathlib").Path(__file__).resolve().parents[2] / "content"


def test_simulate_json_and_text_carry_the_designer_statistics(capsys):
    from gridsmith.cli import main
    path = str(CONTENT / "kongbots" / "scout-duel.scn.yaml")
    assert main(["simulate", path, "--games", "2", "--jobs", "1", "--agent-seed", "1", "--json", "--skill"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["completion"]["games"] == 2 and data["safety_bound"] == 2 - data["completion"]["count"]
    assert data["duration"]["unit"] == "turns" and len(data["duration"]["ci95"]) == 2
    assert data["skill"]["strongest"] == "search" and data["skill"]["strong_vs_random"]["games"] == 4
    assert data["skill"]["greedy_vs_random"]["games"] == 4 and "share" in data["skill"]
    assert main(["simulate", path, "--games", "2", "--jobs", "1", "--agent-seed", "1", "--no-progress",
                 "--skill", "greedy"]) == 0
    text = capsys.readouterr().out
    assert "completion " in text and "decisiveness: " in text and "skill share 0.0%" in text
    assert main(["simulate", path, "--games", "2", "--jobs", "1", "--skill", "random"]) == 2
    assert "--skill cannot measure 'random'" in capsys.readouterr().err


def test_the_games_say_how_they_ended_and_who_leads():
    kb, py, pe = get("kongbots"), get("pyramids"), get("pendulous")
    state = kb.new_game(CONTENT / "kongbots" / "scout-duel.scn.yaml", 1)
    assert kb.leader(state) is None  # two equal teams at the start
    state.bots[0].slots[0] = None  # Red loses a module: Blue has more left
    assert kb.leader(state) == 1
    state = py.new_game(CONTENT / "pyramids" / "sample.scn.yaml", 1)
    assert py.leader(state) is None and py.ended_by_rule(state)
    state.mobile[1] -= 1
    assert py.leader(state) == 0
    state = pe.new_game(CONTENT / "pendulous" / "duel.scn.yaml", 1)
    state.vp = [3, 5]
    assert pe.leader(state) == 1 and pe.ended_by_rule(state)
    state.vp = [5, 5]
    assert pe.leader(state) is None


@pytest.mark.parametrize("name,path,limit", [("kongbots", "kongbots/scout-duel.scn.yaml", "max_turns"),
                                             ("pyramids", "pyramids/sample.scn.yaml", "max_moves")])
def test_a_safety_bound_is_not_the_games_own_rule(name, path, limit):
    """Kongbots' turn limit and Pyramids' move limit are the project's bounds (docs/rules/NAME.md)."""
    game = get(name)
    state = game.new_game(CONTENT / path, 3)
    if name == "kongbots":
        state.p = state.p.__class__(**{**state.p.__dict__, limit: 1})
    else:
        state.options = state.options.model_copy(update={limit: 2})
    from gridsmith.engine.core.loop import Match
    Match(state, [game.agent("random"), game.agent("random")], 3).run()
    assert state.result is not None and not game.ended_by_rule(state), state.result


def test_a_batch_tells_which_spec_each_record_belongs_to():
    from gridsmith.engine.core.simulate import Batch
    path = CONTENT / "kongbots" / "scout-duel.scn.yaml"
    from gridsmith.formats.loader import load_file
    model = load_file(path).model
    specs = make_specs("kongbots", model, ["greedy", "random"], 2, seed=8, base=str(path.parent), agent_seed=2)
    got = sorted(Batch(specs + specs[:1]).indexed(), key=lambda x: x[0])
    assert [i for i, _ in got] == [0, 1, 2] and got[2][1].winners == got[0][1].winners
    assert [r.seed for r in Batch(specs)] == [8, 9]
