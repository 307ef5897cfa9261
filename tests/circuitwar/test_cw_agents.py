"""Circuit War computer players and the command line for 2 to 4 seats (issue 15, item 3)."""
from __future__ import annotations

from pathlib import Path

import pytest
from cw_helpers import at, position, rules

from gridsmith.cli import main
from gridsmith.engine.circuitwar.agents import HeuristicAgent, SearchAgent, scored
from gridsmith.engine.core import games
from gridsmith.engine.core.loop import Match
from gridsmith.engine.core.rng import CounterRng

CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"
SHORT = """kind: circuitwar.ruleset
version: 1
name: short
turns: {max_turns: 4}
"""


def short_scenario(tmp_path: Path, name: str) -> Path:
    (tmp_path / "short.rules.yaml").write_text(SHORT)
    text = (CONTENT / name).read_text().replace("ruleset: default", "ruleset: short.rules.yaml")
    out = tmp_path / name
    out.write_text(text)
    return out


@pytest.mark.parametrize("scenario, seats", [
    ("duel.scn.yaml", ["search", "heuristic"]),
    ("random.scn.yaml", ["heuristic", "random"]),
    ("four.scn.yaml", ["search", "heuristic", "random", "random"]),
])
def test_agents_play_whole_games_for_2_to_4_seats(tmp_path, scenario, seats):
    from gridsmith.formats.loader import load_file

    path = short_scenario(tmp_path, scenario)
    game = games.get("circuitwar")
    state = game.new_game(load_file(path).model, 3, base=tmp_path)
    m = Match(state, [game.agent(s) for s in seats], agent_seed=5)
    assert m.run() and state.is_over and len(state.result.scores) == len(seats)


def test_three_sides(tmp_path):
    from gridsmith.formats.circuitwar.templates import new_scenario as template

    game = games.get("circuitwar")
    (tmp_path / "short.rules.yaml").write_text(SHORT)
    sc = template(players=3).model_copy(update={"ruleset": "short.rules.yaml"})
    state = game.new_game(sc, 1, base=tmp_path)
    assert Match(state, [game.agent("heuristic")] * 3, agent_seed=1).run()


def test_the_heuristic_moves_into_a_cpu_it_can_kill():
    s = position(["a1+1+1B", "       ", "+ + + +"], ["s"], energy=(50, 10))
    a = HeuristicAgent().choose(s.view(0), s.legal_actions(), CounterRng(1))
    assert a.to_text() == "move a1-b1"


def test_the_search_rushes_a_gridrunner_into_a_weak_cpu():
    """Three moves along the circuits and the STRONG gridrunner drains Blue's 10 energy below zero."""
    s = position(["a1+1+1B", "       ", "+ + + +"], ["s"], energy=(50, 10), left=5)
    agent, rng = SearchAgent(), CounterRng(3)
    while not s.is_over:
        s.apply(agent.choose(s.view(0), s.legal_actions(), rng))
    assert s.result.winners == (0,)


def test_the_search_keeps_energy_when_an_enemy_gridrunner_is_near():
    """It builds nothing that would leave less energy than the enemy gridrunner next door would drain
    (with drains a kept reserve survives: the amounts before session 38, STRONG 30)."""
    old = rules(collision={"cpu_drain": {"weak": 10, "nominal": 20, "strong": 30}})
    s = position(["A1b + + B", "         ", "+ + + + +"], ["  s"], energy=(31, 50), phase="build", ruleset=old)
    a = SearchAgent().choose(s.view(0), s.legal_actions(), CounterRng(2))
    assert a.op == "end"
    assert at(s, "b1") == (1, 2)


def test_the_search_builds_on_when_no_reserve_could_survive_the_drain():
    """With the default drains (STRONG 300) no energy kept back survives a STRONG enemy gridrunner two
    steps away ('If that side's energy falls below zero, that side is dead!'): the search builds on
    (here a gridrunner of its own) instead of ending its Build phase when guarding (`guard=True`, the
    default since session 39); without the guard it keeps it back."""
    s = position(["A1+1b + B", "         ", "+ + + + +"], ["    s"], energy=(31, 50), phase="build")
    a = SearchAgent(guard=True).choose(s.view(0), s.legal_actions(), CounterRng(2))
    assert a.op == "build"
    assert SearchAgent().choose(s.view(0), s.legal_actions(), CounterRng(2)).op == "build"
    assert SearchAgent(guard=False).choose(s.view(0), s.legal_actions(), CounterRng(2)).op == "end"


def test_the_search_builds_a_gridrunner_over_an_enemy_on_its_gate():
    """'Any other gridrunner that has the unfortunate luck to be on the build point will be destroyed
    and replaced with the new gridrunner': a guarding search evicts an enemy on its gate that way."""
    s = position(["A1b + + B", "         ", "+ + + + +"], ["  s"], energy=(31, 50), phase="build")
    a = SearchAgent(guard=True).choose(s.view(0), s.legal_actions(), CounterRng(2))
    assert a.to_text() == "build gridrunner b1"
    s.apply(a)
    assert at(s, "b1") == (0, 1)


# Red's CPU at a1, sealed by an outward diode on a1-b1; its gate b1 has two more circuits of Red's
# (b1-c1, b1-b2); two Red gridrunners far off, Blue's CPU at e1
RING = (["A1+1+ + B", "  1      ", "+ + + + +", "         ", "a + + + a"], [" >"])


def test_the_guarding_search_rings_its_gate_with_outward_diodes():
    """'Anything traversing the other way is immediately destroyed' (manual 3 DIODE): in a duel's
    first turns (before `ring_until`, 7) the guarding search puts a diode passing away from its gate
    on the gate's other circuits, so no enemy gridrunner walks, or is pushed, onto the gate; without
    the guard, or from turn 7 on, it builds a circuit instead."""
    s = position(*RING, energy=(50, 50), phase="build")
    for seed in range(4):
        a = SearchAgent().choose(s.view(0), s.legal_actions(), CounterRng(seed))
        assert a.to_text() in ("build diode b1>c1", "build diode b1>b2"), seed
        b = SearchAgent(guard=False).choose(s.view(0), s.legal_actions(), CounterRng(seed))
        assert b.op == "build" and b.item == "circuit"
    s.turn = 7
    assert SearchAgent().choose(s.view(0), s.legal_actions(), CounterRng(1)).item == "circuit"
    assert SearchAgent(ring_until=None).choose(s.view(0), s.legal_actions(), CounterRng(1)).item == "diode"


def test_the_guard_holds_in_a_duel_and_before_guard_until_only():
    """The guard's level per decision (Context.guard): ringed before `ring_until`, guard alone until
    `guard_until`, none after (a guard kept all game stalls games against itself, session 38), none
    while more than one enemy lives, none with `guard=False`."""
    s = position(*RING, energy=(50, 50), phase="build")
    levels = []
    for turn in (1, 6, 7, 11, 12, 40):
        s.turn = turn
        levels.append(SearchAgent().guarding(s.view(0)))
    assert levels == [2, 2, 1, 1, 0, 0]
    s.turn = 40
    assert SearchAgent(guard_until=None).guarding(s.view(0)) == 1
    assert SearchAgent(guard=False).guarding(s.view(1)) == 0
    three = position(*RING, energy=(50, 50, 50), phase="build")
    assert SearchAgent().guarding(three.view(0)) == 0
    three.alive[2] = False
    assert SearchAgent().guarding(three.view(0)) == 2


def test_command_line_play_save_replay_simulate_validate(tmp_path, capsys):
    four = short_scenario(tmp_path, "four.scn.yaml")
    sav = tmp_path / "g.sav.yaml"
    assert main(["play", str(four), "--seats", "heuristic,random,search,random", "--seed", "2",
                 "--agent-seed", "1", "--save", str(sav)]) == 0
    assert main(["replay", str(sav)]) == 0
    assert "the position matches the snapshot" in capsys.readouterr().out
    assert main(["validate", str(sav)]) == 0
    assert main(["simulate", str(four), "--games", "2", "--seats", "random", "--jobs", "1", "--no-progress",
                 "--agent-seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 0 errors" in out and "Yellow:random" in out  # the seat as the scenario names it


def test_the_computer_players_never_attack_their_own_circuits_whichever_the_setting():
    """attack.own_circuits true (the manual's 'any adjacent circuit') or false: the heuristic and the
    search may attack the enemy's circuit next to them, never their own."""
    for own in (True, False):
        s = position(["+1a2+2B", "       ", "+ + + +"], ["  n"], energy=(50, 50), phase="action",
                     ruleset=rules(attack={"own_circuits": own}))
        legal = s.legal_actions()
        assert any(a.op == "attack" and a.b == s.board.parse_circuit("a1-b1") for a in legal) is own
        for agent in (HeuristicAgent(), SearchAgent()):
            for seed in range(5):
                a = agent.choose(s.view(0), legal, CounterRng(seed))
                assert not (a.op == "attack" and s.board.owner[a.b] == 0), (own, a.to_text())


def test_the_computer_players_keep_the_roads_to_the_enemy_gates():
    """Gridrunners "can only move across circuits (friendly or enemy)" (manual lines 68-69): a plain
    enemy circuit away from one's own CPU is a road towards the enemy gates, so the heuristic and the
    search do not blow it (session 38); `blow_roads=True` plays as before and scores it as a target."""
    s = position(["A1a2+2+2B", "         ", "+ + + + +"], ["  n"], energy=(50, 50), phase="action")
    legal = s.legal_actions()
    road = "attack b1-c1 from b1"
    assert road in {a.to_text() for a in legal}

    def score(**kw):
        return {a.to_text(): v for v, a in scored(s.view(0), legal, CounterRng(1), **kw)}[road]

    assert score() < 0 < score(blow_roads=True)
    for agent in (HeuristicAgent(), SearchAgent()):
        for seed in range(5):
            assert agent.choose(s.view(0), legal, CounterRng(seed)).to_text() != road


def test_ended_by_rule_says_whether_one_side_was_left_standing():
    """The manual: 'only one can ultimately survive'; the ruleset's turn limit is a safety bound."""
    from gridsmith.engine.circuitwar.api import GAME

    s = position(["a1+1+1B", "       ", "+ + + +"], ["s"], energy=(50, 10), left=5)
    assert GAME.ended_by_rule(s) is False  # not over
    for text in ("move a1-b1", "move b1-c1", "move c1-d1"):
        s.apply(s.legal_actions()[[a.to_text() for a in s.legal_actions()].index(text)])
    assert s.result.winners == (0,) and GAME.ended_by_rule(s) is True
    bounded = position(["a1+1+1B", "       ", "+ + + +"], energy=(50, 10),
                       ruleset=rules(turns={"max_turns": 1}))
    bounded.apply(next(a for a in bounded.legal_actions() if a.op == "end"))
    assert bounded.result is not None and GAME.ended_by_rule(bounded) is False


def test_the_heuristic_breaks_the_diode_that_seals_an_enemy_cpu():
    """Its gridrunner stands on the point next to Blue's CPU, whose only circuit holds a diode that
    lets Blue's gridrunners out and kills anything going in: it attacks that diode (manual 6: DIODE
    65%), the way in for a later move or push."""
    s = position(["+ a2B", "     ", "+ + +"], ["  n<"], energy=(50, 10), phase="action")
    a = HeuristicAgent().choose(s.view(0), s.legal_actions(), CounterRng(1))
    assert a.to_text() == "attack b1-c1 from b1"
