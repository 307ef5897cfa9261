"""Beams (manual 4 ACTION, 5 BEAMS, 5 GRIDRUNNERS RIDING BEAMS, 7 STRATEGY), each test quoting the manual."""
from __future__ import annotations

from pathlib import Path

from cw_helpers import at, circuit, play, position, rules, texts

from gridsmith.engine.circuitwar.api import GAME
from gridsmith.engine.circuitwar.beam import preview
from gridsmith.engine.circuitwar.board import E, N, S

CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"


def names(state, cells):
    return [state.board.point_name(c) for c in cells]


def shot(grid, objects, frm="a1", d=E, flux=N, **kw):
    s = position(grid, objects, phase="action", **kw)
    p = s.board.parse_point(frm)
    return s, preview(s, p, d, flux)


def test_the_manuals_capacitor_example():
    """'a STRONG gridrunner riding a friendly NOMINAL beam through an enemy capacitor would lose a level
    to the capacitor, then capture it. The beam follows, resulting in a NOMINAL gridrunner riding a
    NOMINAL beam (the beam loses a level pushing the gridrunner, but gets charged a level by the now
    friendly capacitor!)'"""
    s = position(["a1a2+", "     ", "+ + +"], ["n sC"], phase="action")
    ev = play(s, "fire a1 E N")
    assert at(s, "c1") == (0, 1)  # a NOMINAL gridrunner ...
    beam = [e for e in ev if type(e).__name__ == "BeamFired"][0]
    assert beam.path == ("a1", "b1", "c1") and beam.levels == (1, 1, 1)  # ... riding a NOMINAL beam
    assert beam.pushes == (("b1", "c1"),)
    assert circuit(s, "b1-c1") == (0, "C")  # captured
    assert s.board.charge[s.board.parse_circuit("b1-c1")] == 10  # +1 from the gridrunner, -1 to the beam


def test_preview_is_what_firing_does_and_changes_nothing():
    s = position(["a1a2+", "     ", "+ + +"], ["n sC"], phase="action")
    before = s.board.to_layers()
    trace = preview(s, s.board.parse_point("a1"), E, N)
    assert s.board.to_layers() == before
    assert names(s, trace.path) == ["a1", "b1", "c1"] and trace.levels == (1, 1, 1)
    assert [(names(s, p)) for p in trace.pushes] == [["b1", "c1"]]


def test_beam_starts_at_the_gridrunners_level_and_loses_one_every_ten_circuits():
    """'They start out with the same energy level as the firing gridrunner' ... 'they also lose one
    energy level for every 10 circuits they traverse'"""
    row = "a" + "1+" * 25
    s, t = shot([row, " " * len(row), "+ " * 25 + "+"], ["s"])
    assert t.levels[0] == 2
    assert t.levels[9] == 2 and t.levels[10] == 1 and t.levels[20] == 0
    assert len(t.path) == 26 and t.end == "dead end"


def test_beam_goes_straight_and_turns_into_the_flux_direction_at_a_t_intersection():
    """'Beams simply go straight ahead, following a path, until they reach a T-intersection that blocks
    their current direction, upon which they will move a different direction (never backwards,
    though).' 'it'll most likely take the flux direction if that direction is available'"""
    grid = ["+ + +", "  1  ", "a1+ +", "  1  ", "+ + +"]
    r = rules(beam={"flux_percent": 100})
    s, t = shot(grid, ["", "", "n"], frm="a2", flux=N, ruleset=r)
    assert names(s, t.path) == ["a2", "b2", "b1"] and t.end == "dead end"
    s, t = shot(grid, ["", "", "n"], frm="a2", flux=S, ruleset=r)
    assert names(s, t.path) == ["a2", "b2", "b3"]
    # "most likely": with the default 80% it sometimes takes the other way
    ways = {tuple(shot(grid, ["", "", "n"], frm="a2", flux=N, seed=k)[1].path) for k in range(40)}
    assert len(ways) == 2


def test_beam_follows_a_corner_and_never_goes_back():
    grid = ["a1+", "  1", "+ +"]
    s, t = shot(grid, ["n"])
    assert names(s, t.path) == ["a1", "b1", "b2"] and t.end == "dead end"


def test_the_t_intersection_trick_of_the_strategy_section():
    """'...is an interesting construct as any beam entering from the left cannot follow the branch to
    the CPU! It'll just go straight past the branch to the CPU as it's direction won't be blocked in
    any manner.' (content/circuitwar/fortress.scn.yaml: the branch leaves the loop at g4 for h4 and the
    CPU on i4)"""
    for seed in range(20):
        g = GAME.new_game(CONTENT / "fortress.scn.yaml", seed=seed)
        t = preview(g, g.board.parse_point("b2"), E, S)
        path = names(g, t.path)
        assert "g3" in path and "g4" in path and "g5" in path  # straight down the loop's right side
        assert "h4" not in path and "i4" not in path


def test_pushing_costs_a_level_per_push():
    """'Pushing along a gridrunner costs a beam one energy level per push.' (its main use is to push
    other gridrunners around)"""
    s, t = shot(["a1+1b1+1+1+"], ["s"])
    assert [names(s, p) for p in t.pushes] == [["c1", "d1"], ["d1", "e1"], ["e1", "f1"]]
    assert t.levels == (2, 2, 2, 1, 0) and t.end == "spent pushing"


def test_beam_pushes_a_gridrunner_into_a_cpu():
    """'allow a beam shot that will push a gridrunner into the CPU' (a collision, 'ANY - friend or foe')"""
    s = position(["a1+1b1B"], ["s"], phase="action", energy=(50, 5))
    ev = play(s, "fire a1 E N")
    assert not s.alive[1] and s.result.winners == (0,)
    assert any("drains the blue CPU" in x for x in texts(ev))


def test_beam_strike_on_a_cpu_is_a_percentage_that_never_kills():
    """'A beam that strikes a CPU disrupts smooth energy flow, causing a percentile loss ... repeated beam
    hits will never reduce a player's energy level below zero.'"""
    s = position(["a1+1B"], ["s"], phase="action", energy=(50, 100))
    play(s, "fire a1 E N")
    assert s.energy[1] == 70  # STRONG: 30% in the default ruleset
    s = position(["a1+1B"], ["s"], phase="action", energy=(50, 0))
    play(s, "fire a1 E N")
    assert s.energy[1] == 0 and s.alive[1]


def test_weak_beam_stops_at_a_resistor():
    """'a WEAK beam will stop upon hitting a resistor'"""
    s, t = shot(["a1+1+"], ["w  R"])
    assert names(s, t.path) == ["a1", "b1"] and t.end == "spent"


def test_open_switch_stops_a_beam_and_is_not_blown():
    """'Switches cannot be blown by beams.'"""
    for seed in range(30):
        s = position(["a1+1+"], ["s  O"], phase="action", seed=seed)
        play(s, "fire a1 E N")
        assert circuit(s, "b1-c1") == (0, "O")


def test_wrong_way_diode_stops_a_beam_and_may_blow():
    """'A beam that hits a diode the wrong way has a slight chance of blowing the diode depending on the
    beam's strength.'"""
    blown = 0
    for seed in range(400):
        s = position(["a1+1+"], ["s  <"], phase="action", seed=seed)
        play(s, "fire a1 E N")
        blown += circuit(s, "b1-c1")[1] == "-"
    assert 30 <= blown <= 95  # STRONG: 15% in the default ruleset
    s = position(["a1+1+"], ["s  <"], phase="action", ruleset=rules(beam={"diode_blow_percent":
                                                                            {"weak": 0, "nominal": 0, "strong": 100}}))
    play(s, "fire a1 E N")
    assert circuit(s, "b1-c1") == (0, "-")
