"""Circuit War rules, each test quoting the manual (001_4c133c8978ba7ece.txt) and its numbers."""
from __future__ import annotations

from cw_helpers import at, circuit, play, position, rules, texts

STRIP = ["a1+1+1+", "       ", "+ + + +"]  # a seat-1 gridrunner on a1, circuits a1-b1-c1-d1


def moved(objects, grid=STRIP, **kw):
    s = position(grid, objects, **kw)
    ev = play(s, "move a1-b1")
    return s, ev


# --- objects on whatever passes (manual 3 and 6 OBJECT EFFECTS) --------------------------------------

def test_resistor_dissipates_one_level():
    """'a STRONG gridrunner will become a NOMINAL gridrunner after moving through a resistor'"""
    s, _ = moved(["sR"])
    assert at(s, "b1") == (0, 1)


def test_weak_gridrunner_dies_in_a_resistor_and_does_not_capture():
    """'WEAK gridrunners cannot capture circuits that would cause them to lose a energy level.'
    'If a gridrunner dies while traversing a circuit, the circuit still belongs to the original owner.'"""
    s, ev = moved(["wR"], grid=["a2+", "   ", "+ +"])
    assert at(s, "b1") is None and at(s, "a1") is None
    assert circuit(s, "a1-b1")[0] == 1
    assert any("dies" in t for t in texts(ev))


def test_friendly_capacitor_charges_one_level_and_gives_a_point():
    """'Any beam or gridrunner passing through a friendly capacitor with stored energy will be charged
    up one level if below STRONG, the capacitor giving up one of its stored energy points.'
    ('Upon construction, capacitors start out with 10 energy points.')"""
    s, _ = moved(["wC"])
    assert at(s, "b1") == (0, 1)
    assert s.board.charge[s.board.parse_circuit("a1-b1")] == 9


def test_empty_friendly_capacitor_does_not_charge():
    """'a capacitor with 0 charge will not charge a friendly beam or gridrunner below STRONG'"""
    s, _ = moved(["wC"], charges={"a1-b1": 0})
    assert at(s, "b1") == (0, 0)


def test_strong_gridrunner_is_not_charged_further():
    s, _ = moved(["sC"])
    assert at(s, "b1") == (0, 2)
    assert s.board.charge[s.board.parse_circuit("a1-b1")] == 10


def test_enemy_capacitor_drains_a_level_and_gains_a_point_then_is_captured():
    """'Any enemy beam or gridrunner passing through will be drained one level, the capacitor gaining
    one energy point.' ... 'A gridrunner just has to traverse it once, losing an energy level'"""
    s, _ = moved(["sC"], grid=["a2+", "   ", "+ +"])
    assert at(s, "b1") == (0, 1)
    assert s.board.charge[s.board.parse_circuit("a1-b1")] == 11
    assert circuit(s, "a1-b1") == (0, "C")


def test_full_enemy_capacitor_does_not_drain():
    """'Capacitors can hold a maximum of 20 energy points and will not drain enemy beams or
    gridrunners if full.'"""
    s, _ = moved(["sC"], grid=["a2+", "   ", "+ +"], charges={"a1-b1": 20})
    assert at(s, "b1") == (0, 2)


def test_open_switch_destroys_closed_switch_passes():
    """'Any beam or gridrunner moving onto an open(off) switch will immediately be destroyed.
    Closed(on) switches permit traversal like an ordinary circuit.'"""
    s, _ = moved(["nO"])
    assert at(s, "b1") is None
    s, _ = moved(["nS"])
    assert at(s, "b1") == (0, 1)


def test_diode_passes_one_way_only():
    """'Diodes are one way constructs that allow passage only in one direction. Anything traversing
    the other way is immediately destroyed.' (the triangle points the way of passage)"""
    s, _ = moved(["n>"])
    assert at(s, "b1") == (0, 1)
    s, _ = moved(["n<"])
    assert at(s, "b1") is None


def test_ground_destroys():
    """'GROUND - Grounds destroy anything that moves onto them.'"""
    s, _ = moved(["sG"])
    assert at(s, "b1") is None


def test_transformer_randomises_owner_and_level():
    """'A strong red gridrunner could move through it and come out a nominal blue gridrunner!'"""
    outcomes = set()
    for seed in range(60):
        s, _ = moved(["sT"], grid=["a1+", "   ", "+ +"], seed=seed)
        outcomes.add(at(s, "b1"))
    assert {o[0] for o in outcomes} == {0, 1} and {o[1] for o in outcomes} == {0, 1, 2}


def test_capture_when_coming_out_at_least_weak():
    """'Gridrunners capture any enemy circuit they traverse, changing it to the gridrunner's color'"""
    s, ev = moved(["n"], grid=["a2+", "   ", "+ +"])
    assert circuit(s, "a1-b1") == (0, "-")
    assert any("captures" in t for t in texts(ev))


def test_moves_only_along_circuits():
    """'they can't move from one point to the next without a circuit between them'"""
    s = position(["a + +", "     ", "+ + +"])
    assert [a.to_text() for a in s.legal_actions()] == ["end"]


# --- collisions (manual 3 GRIDRUNNER, 5 GRIDRUNNER COLLISIONS) -----------------------------------------

def test_friendly_gridrunners_meld():
    """'NOMINAL + WEAK = STRONG : WEAK + WEAK = NOMINAL'"""
    s, ev = moved(["n w"], grid=["a1a", "   ", "+ +"])
    assert at(s, "b1") == (0, 2) and at(s, "a1") is None
    s, _ = moved(["w w"], grid=["a1a", "   ", "+ +"])
    assert at(s, "b1") == (0, 1)
    s, _ = moved(["s s"], grid=["a1a", "   ", "+ +"])
    assert at(s, "b1") == (0, 2)  # 'up to the max of STRONG'


def test_higher_level_survives_minus_the_others_energy():
    """'The gridrunner with the higher energy level will ultimately survive such an attack, with the
    other gridrunner's energy level subtracted from the victor.'"""
    s, _ = moved(["s w"], grid=["a1b", "   ", "+ +"])
    assert at(s, "b1") == (0, 1)  # STRONG 3 - WEAK 1 = NOMINAL
    s, _ = moved(["w s"], grid=["a1b", "   ", "+ +"])
    assert at(s, "b1") == (1, 1)  # the defender survives


def test_equal_levels_fifty_percent_or_both_explode():
    """'In the case of both having equal energy levels, there is a 50% chance that the attacker will
    survive, destroying the defender, or both will explode'"""
    survived = exploded = 0
    for seed in range(400):
        s, _ = moved(["n n"], grid=["a1b", "   ", "+ +"], seed=seed)
        r = at(s, "b1")
        survived += r is not None and r[0] == 0
        exploded += r is None
    assert survived + exploded == 400
    assert 160 <= survived <= 240


def test_mutual_explosion_attacks_adjacent_circuits_at_fifty_minus_ten_per_level():
    """'A mutual explosion will attack adjacent circuitry at 50%-(total energy of both
    gridrunners)*10% where WEAK = 0, NOMINAL = 1, STRONG = 2.'"""
    r = rules(collision={"equal_attacker_survives_percent": 0})
    grid = ["a1b1+", "    1", "+ + +"]

    def blown(level: str) -> int:
        n = 0
        for seed in range(300):
            s, _ = moved([f"{level} {level}"], grid=grid, ruleset=r, seed=seed)
            n += sum(circuit(s, c)[0] < 0 for c in ("a1-b1", "b1-c1"))
        return n

    weak, strong = blown("w"), blown("s")  # 600 circuit rolls each: 50% and 10%
    assert 240 <= weak <= 360
    assert 30 <= strong <= 95


#: the drain amounts of the bundled ruleset before session 38, which a designer can still choose
OLD_DRAIN = rules(collision={"cpu_drain": {"weak": 10, "nominal": 20, "strong": 30}})


def test_gridrunner_drains_the_cpu_and_kills_below_zero():
    """'A gridrunner that moves onto a CPU will drain the CPU an amount depending upon the
    gridrunner's power ... If that side's energy falls below zero, that side is dead!'
    'the last side standing wins' (with the amounts a designer sets: here the earlier 10/20/30)"""
    grid = ["a1B", "   ", "+ +"]
    s, ev = moved(["n"], grid=grid, energy=(50, 30), ruleset=OLD_DRAIN)
    assert "red gridrunner drains the blue CPU by 20: energy 10" in texts(ev)  # NOMINAL drains 20
    assert s.alive[1] and not s.is_over and at(s, "a1") is None
    s, ev = moved(["n"], grid=grid, energy=(50, 10), ruleset=OLD_DRAIN)
    assert not s.alive[1] and s.is_over and s.result.winners == (0,)
    assert "blue is dead (killed by red)" in texts(ev)


def test_the_default_drain_is_a_hundred_a_level():
    """'A gridrunner that moves onto a CPU will drain the CPU an amount depending upon the
    gridrunner's power: stronger = more energy loss. If that side's energy falls below zero, that
    side is dead!' (manual lines 83-85; the amounts are the project's: WEAK 100, NOMINAL 200, STRONG
    300, so a NOMINAL or STRONG gridrunner kills even a side at the energy cap, 150)"""
    r = rules()
    assert (r.collision.cpu_drain.weak, r.collision.cpu_drain.nominal, r.collision.cpu_drain.strong) == (100, 200, 300)
    assert r.energy.cap == 150
    grid = ["a1B", "   ", "+ +"]
    s, ev = moved(["w"], grid=grid, energy=(50, 150))
    assert "red gridrunner drains the blue CPU by 100: energy 50" in texts(ev)  # WEAK drains 100
    assert s.alive[1] and not s.is_over
    s, _ = moved(["w"], grid=grid, energy=(50, 99))
    assert not s.alive[1] and s.result.winners == (0,)
    for level, amount in (("n", 200), ("s", 300)):
        s, ev = moved([level], grid=grid, energy=(50, 150))
        assert f"red gridrunner drains the blue CPU by {amount}: energy {150 - amount}" in texts(ev)
        assert not s.alive[1] and s.result.winners == (0,)


def test_own_gridrunner_drains_its_own_cpu():
    """'A player's side dies when it's energy level falls below zero as a result of a gridrunner
    collision (ANY - friend or foe!).'"""
    s, _ = moved(["s"], grid=["a1A", "   ", "+ B"], energy=(5, 50))
    assert not s.alive[0] and s.result.winners == (1,)


# --- attacking circuits (manual 3 GRIDRUNNER, 4 ACTION, 6 OBJECT DEFENSE STRENGTHS) ------------------

def _attacks(state) -> set[str]:
    return {a.to_text() for a in state.legal_actions() if a.op == "attack"}


def test_a_gridrunner_may_attack_any_adjacent_circuit_its_own_included_by_default():
    """'Gridrunners capture any enemy circuit they traverse, changing it to the gridrunner's color, as
    well as attack any adjacent circuit' (manual lines 70-72); 'Attacking requires you click on any
    adjacent circuit after selecting the gridrunner' (lines 158-159)."""
    s = position(["+1a2+", "  1  ", "+ + +"], phase="action")
    assert s.rules.attack.own_circuits is True
    assert _attacks(s) == {"attack a1-b1 from b1", "attack b1-c1 from b1", "attack b1-b2 from b1"}


def test_own_circuits_false_keeps_a_gridrunner_off_its_own_circuits():
    """The earlier reading, kept as an option (`attack.own_circuits: false`)."""
    s = position(["+1a2+", "  1  ", "+ + +"], phase="action", ruleset=rules(attack={"own_circuits": False}))
    assert _attacks(s) == {"attack b1-c1 from b1"}


def test_attacking_an_own_circuit_blows_it_like_any_other():
    """'CIRCUIT 50%' base, '+GRenergy*10%' (NOMINAL 1: 60%); 'An empty circuit that's blown
    disappears'."""
    blown = 0
    for seed in range(200):
        s = position(["+1a2+", "     ", "+ + +"], phase="action", seed=seed)
        ev = play(s, "attack a1-b1 from b1")
        assert "(60%)" in texts(ev)[0]
        blown += circuit(s, "a1-b1")[0] == -1
    assert 95 <= blown <= 145  # 60% of 200
