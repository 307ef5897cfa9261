"""Energize, Build and Action phases and the turn flow (manual 4, 5, 6), each test quoting the manual."""
from __future__ import annotations

from pathlib import Path

from cw_helpers import at, circuit, play, position, rules, texts

from gridsmith.engine.circuitwar.api import GAME

CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"
TWO_CPUS = ["A1+ + + B", "1        ", "+ + + + +"]


def builds(s):
    return {a.to_text() for a in s.legal_actions() if a.op == "build"}


# --- Energize -----------------------------------------------------------------------------------------

def test_energize_one_point_per_circuit_with_objects_plus_a_fifth_carried_over():
    """'each side receives one energy point for each circuit of their color, including circuits with
    objects, to a max of 150. Approximately one fifth of any energy left over from the previous turn
    is carried over into the next turn.'"""
    s = position(TWO_CPUS, ["", "R"], energy=(50, 7))
    s.turn = 2
    ev = []
    s._energize(ev)
    assert s.energy == [2 + 10, 0 + 1]
    s = position(TWO_CPUS, energy=(50, 7), ruleset=rules(energy={"per_circuit": 100}))
    s.turn = 2
    s._energize([])
    assert s.energy[0] == 150


def test_player_order_is_random_each_turn():
    """'Player order is randomly determined for the turn and displayed in color blocks'"""
    g = GAME.new_game(CONTENT / "four.scn.yaml", seed=3)
    orders = [e.order for e in g.last_events if type(e).__name__ == "TurnStarted"]
    while not g.is_over:  # every side lays a circuit a turn and ends its other parts
        legal = g.legal_actions()
        ev = g.apply(next((a for a in legal if a.item == "circuit"), legal[0]))
        orders += [e.order for e in ev if type(e).__name__ == "TurnStarted"]
    assert len(orders) == 60 and len(set(orders)) > 10
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders)


def test_dead_sides_circuitry_converts_decays_or_remains():
    """'Any destroyed side's greyed circuitry may either convert to the color of gridrunner that killed
    that side, decay and disappear, or simply remain, unchanged.'"""
    for conv, decay, expect in ((100, 0, 0), (0, 100, -1), (0, 0, 1)):
        s = position(["A1+2+2+ +", "         ", "+ + + + +"], energy=(50, 50, 50),
                     ruleset=rules(dead_sides={"convert_percent": conv, "decay_percent": decay}))
        s.alive[1], s.killer[1] = False, 0
        s.turn = 2
        s._energize([])
        assert circuit(s, "b1-c1")[0] == expect and circuit(s, "c1-d1")[0] == expect


def test_greyed_capacitors_are_enemy_capacitors():
    """'Greyed capacitors are treated as enemy capacitors.'"""
    s = position(["a2+", "   ", "+ +"], ["sC"], energy=(50, 50))
    s.alive[1] = False
    play(s, "move a1-b1")
    assert at(s, "b1") == (0, 1)


# --- Build --------------------------------------------------------------------------------------------

def test_five_builds_per_turn_then_the_next_side():
    """'Five things can be built per player per turn, energy levels permitting.'"""
    s = position(TWO_CPUS, phase="build", energy=(100, 100))
    s.schedule = [("build", 0), ("build", 1)]
    for _ in range(5):
        assert s.to_move == 0
        play(s, sorted(a.to_text() for a in s.legal_actions() if a.item == "circuit")[0])
    assert s.to_move == 1 and s.energy[0] == 90


def test_nothing_can_be_built_without_energy():
    """'Items that can't be built because of insufficient energy are ghosted.'"""
    s = position(TWO_CPUS, phase="build", energy=(1, 100))
    assert builds(s) == set()
    s = position(TWO_CPUS, phase="build", energy=(2, 100))
    assert builds(s) and all(b.startswith("build circuit") or b.startswith("build switch_on") for b in builds(s))


def test_circuits_anywhere_but_next_to_an_opposing_cpu():
    """'When building circuits, they don't have to be connected. You can build them anywhere except next
    to an opposing player's CPU.'"""
    s = position(TWO_CPUS, phase="build", energy=(100, 100))
    b = builds(s)
    assert "build circuit a1-a1" not in b
    assert "build circuit b1-c1" in b and "build circuit d2-e2" in b  # not connected to anything
    assert "build circuit d1-e1" not in b and "build circuit e1-e2" not in b  # next to Blue's CPU on e1


def test_objects_on_friendly_circuits_only():
    """'other objects can be built on a friendly circuit (indicated as the same color as the owning
    player)'"""
    s = position(["A1+2+ + B", "1        ", "+ + + + +"], phase="build", energy=(100, 100))
    b = builds(s)
    assert "build resistor a1-b1" in b and "build diode a1>b1" in b and "build diode b1>a1" in b
    assert not any(x.endswith("b1-c1") for x in b if not x.startswith("build circuit"))


def test_gridrunners_are_built_next_to_the_cpu_on_connected_points():
    """'Gridrunners can only be built adjacent to CPU's on points connected by circuits.'"""
    s = position(TWO_CPUS, phase="build", energy=(100, 100))
    assert {x for x in builds(s) if "gridrunner" in x} == {"build gridrunner b1", "build gridrunner a2"}
    play(s, "build gridrunner b1")
    assert at(s, "b1") == (0, 1) and s.energy[0] == 90


def test_a_new_gridrunner_traverses_the_connection_and_captures_it():
    """'If any object exists on the connecting circuit, the gridrunner will be built as if it had
    traversed the circuit, capturing it if not friendly.'"""
    s = position(["A2+ + + B", "1        ", "+ + + + +"], ["", "R"], phase="build", energy=(100, 100))
    play(s, "build gridrunner b1")
    assert at(s, "b1") == (0, 1) and circuit(s, "a1-b1")[0] == 0
    play(s, "build gridrunner a2")
    assert at(s, "a2") == (0, 0)  # NOMINAL through the resistor


def test_the_cpu_transmits_across_a_deadly_connection_one_time_in_three():
    """'Anything that would normally kill a gridrunner (a ground, a diode pointing in the opposite
    direction) has a chance of destroying the gridrunner, though there is 33% chance that the CPU can
    successfully transmit the gridrunner across such a connection.'"""
    made = 0
    for seed in range(600):
        s = position(["A1+ + + B", "         ", "+ + + + +"], [" G"], phase="build", energy=(100, 100), seed=seed)
        play(s, "build gridrunner b1")
        made += at(s, "b1") is not None
    assert 160 <= made <= 240


def test_a_gridrunner_on_the_build_point_is_replaced():
    """'Any other gridrunner that has the unfortunate luck to be on the build point will be destroyed
    and replaced with the new gridrunner.'"""
    s = position(["A1b + + B", "         ", "+ + + + +"], ["  s"], phase="build", energy=(100, 100))
    ev = play(s, "build gridrunner b1")
    assert at(s, "b1") == (0, 1)
    assert "blue gridrunner dies at b1: replaced by a new gridrunner" in texts(ev)


# --- Move and Action ------------------------------------------------------------------------------------

def test_switches_toggle_as_one_action_in_move_and_action_phases():
    """'They can be toggled anytime during the movement or action phases and count as one action.'"""
    for phase in ("move", "action"):
        s = position(["A1+ + + B", "1        ", "+ + + + +"], ["", "S"], phase=phase, left=3)
        play(s, "toggle a1-a2")
        assert circuit(s, "a1-a2") == (0, "O") and s.left == 2
        play(s, "toggle a1-a2")
        assert circuit(s, "a1-a2") == (0, "S")


def test_attack_success_follows_the_defence_table():
    """'OBJECT DEFENSE STRENGTHS ... GROUND 15% ... *all base percentages have GRenergy*10% added to them
    where WEAK = 0, NOMINAL = 1, STRONG = 2' (a NOMINAL attacker: 25%)"""
    wins = 0
    for seed in range(400):
        s = position(["a2+", "   ", "+ +"], ["n G"[:1] + "G"], phase="action", seed=seed)
        ev = play(s, "attack a1-b1 from a1")
        assert "(25%)" in texts(ev)[0]
        wins += circuit(s, "a1-b1")[1] == "-"
    assert 70 <= wins <= 130


def test_objects_are_blown_before_circuits():
    """'the object, if any, is destroyed first, leaving an empty circuit. An empty circuit that's blown
    disappears, terminating that connection.'"""
    r = rules(attack={"resistor": 100, "circuit": 100})
    s = position(["a2+", "   ", "+ +"], ["nR"], phase="action", ruleset=r)
    play(s, "attack a1-b1 from a1")
    assert circuit(s, "a1-b1") == (1, "-")
    play(s, "attack a1-b1 from a1")
    assert circuit(s, "a1-b1")[0] == -1


def test_a_gridrunner_dying_on_a_circuit_may_blow_it():
    """'Any gridrunner that dies on a circuit can blow out that circuit depending on its energy level
    before dying.' (SWITCH OFF 35% + GRenergy*10%: STRONG 55%)"""
    blown = 0
    for seed in range(400):
        s = position(["a1+", "   ", "+ +"], ["sO"], seed=seed)
        play(s, "move a1-b1")
        blown += circuit(s, "a1-b1")[1] == "-"
    assert 180 <= blown <= 260


def test_a_whole_game_ends_with_a_result():
    g = GAME.new_game(CONTENT / "duel.scn.yaml", seed=1)
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    assert g.result is not None and g.to_move is None


def test_a_new_turns_events_follow_the_action_that_ended_the_last():
    s = position(["a1+", "   ", "+ +"], ["n"], left=1)
    names = [type(e).__name__ for e in play(s, "move a1-b1")]
    assert names.index("Crossed") < names.index("TurnStarted") < names.index("Energized")


def _end_every_part_until(g, turn: int) -> None:
    while not g.is_over and g.turn < turn:
        g.apply(next(a for a in g.legal_actions() if a.op == "end"))


def test_the_manual_has_no_turn_limit_a_null_bound_plays_on():
    """Manual 3 CPU: "A side is destroyed when its energy level is drained below zero"; 5 KILLED
    PLAYERS: only that ends a side, and the game is won by the last side standing. The ruleset's
    `turns.max_turns` is the project's safety bound for computer play; `null` is the manual's rule."""
    from gridsmith.engine.core.protocol import Termination

    g = GAME.new_game(CONTENT / "duel.scn.yaml", seed=2, ruleset=rules(turns={"max_turns": None}))
    while g.turn < 150:  # both sides lay circuits and never attack: nobody is ever drained
        legal = g.legal_actions()
        g.apply(next((a for a in legal if a.item == "circuit"), legal[0]))
    assert not g.is_over and g.turn == 150
    bounded = GAME.new_game(CONTENT / "duel.scn.yaml", seed=2, ruleset=rules(turns={"max_turns": 3, "at_limit": "draw"}))
    _end_every_part_until(bounded, 10)
    assert bounded.is_over and bounded.turn == 3 and bounded.result.termination == Termination.TURN_LIMIT
    assert set(bounded.result.winners) == {0, 1}  # a draw among the living: nobody won by the manual


def test_a_game_where_nobody_can_ever_act_again_ends_in_a_draw():
    """The manual is silent on a Grid where no side can build, move or fire any more: with no
    circuits there is no income ("one energy point for each circuit of their color"), the carried
    fifth dwindles to nothing, and the game would go on forever. It ends, a draw among the living."""
    from gridsmith.engine.core.protocol import Termination

    g = GAME.new_game(CONTENT / "four.scn.yaml", seed=3, ruleset=rules(turns={"max_turns": None}))
    _end_every_part_until(g, 1000)
    assert g.is_over and g.result.termination == Termination.NO_LEGAL_ACTION
    assert g.result.winners == (0, 1, 2, 3) and g.turn < 10 and g.energy == [0, 0, 0, 0]
