"""Beams (manual 5 BEAMS, GRIDRUNNERS RIDING BEAMS; 4 ACTION on the flux direction).

A beam starts at the firing gridrunner's level and goes straight ahead along circuits; at a point
whose way straight on is blocked it turns (never backwards): into the flux direction with the
ruleset's `flux_percent` when that way is open, otherwise at random among the open ways. It loses a
level every `range_circuits` circuits, crosses objects like a gridrunner, and pushes every gridrunner
it runs into ahead of itself: the gridrunner crosses the next circuit first (capturing, melding,
fighting, draining a CPU), then the beam pays `push_cost` and crosses the same circuit. A beam that
strikes a CPU takes a percentage of that side's energy (never below zero) and stops.

`fire` changes the game; `preview` runs the same code on a copy, for the editor's beam tracer.
"""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.engine.core.rng import CounterRng

from .board import DIODE, DIR_NAMES, EMPTY, NO_CIRCUIT, NONE, opposite
from .events import BeamFired, Blown, CpuStruck
from .mechanics import KILLED, PASSED, cross_object, runner_cross

MAX_STEPS = 10_000  # a safety net; range decay ends every beam long before


@dataclass(frozen=True)
class BeamTrace:
    """A beam's trip: the points it reached (cells) and its level arriving at each, the pushes as
    (from point, to point), why it stopped (a beam spent on a circuit does not reach its far end),
    and every event."""

    path: tuple[int, ...]
    levels: tuple[int, ...]
    pushes: tuple[tuple[int, int], ...]
    end: str
    events: tuple


def choose_direction(g, p: int, d: int, flux: int) -> int | None:
    """Where a beam heading d goes on at point p: straight on if it can, else turn (never back)."""
    b = g.board
    step = b.nbr[p][d]
    if step is not None and b.owner[step[0]] != NO_CIRCUIT:  # straight on: most steps
        return d
    # the exits of p (Board.exits, ascending) but the way back
    back, steps, owner = opposite(d), b.nbr[p], b.owner
    ways = [x for x in range(4) if x != back and (s := steps[x]) is not None and owner[s[0]] != NO_CIRCUIT]
    if not ways:
        return None
    if len(ways) == 1:
        return ways[0]
    if flux in ways:
        if g.rng.chance(g.rules.beam.flux_percent / 100):
            return flux
        ways = [x for x in ways if x != flux]
    return ways[0] if len(ways) == 1 else g.rng.choice(ways)


def fire(g, p: int, d: int, flux: int) -> BeamTrace:
    """Fire the beam of the gridrunner on p in direction d with flux direction `flux`."""
    b, rules = g.board, g.rules.beam
    seat, level = b.runner[p], b.level[p]
    shooter = seat
    ev: list = []
    path, levels, pushes = [p], [level], []
    cur, heading, travelled, end = p, d, 0, "dead end"
    nbr = b.nbr
    for _ in range(MAX_STEPS):
        step = nbr[cur][heading]
        if travelled and (step is None or b.owner[step[0]] == NO_CIRCUIT):  # not straight on
            nd = choose_direction(g, cur, heading, flux)
            if nd is None:
                end = "dead end"
                break
            heading = nd
            step = nbr[cur][heading]
        e, q = step
        if travelled and b.runner[cur] != EMPTY:
            # push the gridrunner standing here across the circuit first
            runner_cross(g, cur, heading, "push", ev)  # it may die: the beam then follows alone
            pushes.append((cur, q))
            level -= rules.push_cost
            if level < 0:
                end = "spent pushing"
                break
        if b.owner[e] < 0:  # the rider's death blew the circuit away
            end = "circuit gone"
            break
        if b.obj[e] != NONE:  # a plain circuit lets the beam pass as it is (cross_object)
            seat, level, fate, cause = cross_object(g, e, heading, seat, level, "beam", ev)
            if fate == KILLED:
                if b.obj[e] >= DIODE and g.rng.chance(rules.diode_blow_percent.at(max(0, level)) / 100):
                    b.own("obj")
                    b.obj[e] = 0
                    b.touch()
                    ev.append(Blown(b.circuit_name(e), "diode", "a beam the wrong way"))
                end = f"stopped by {cause}"
                break
            if fate != PASSED:
                end = "spent"
                break
        travelled += 1
        if travelled % rules.range_circuits == 0:
            level -= 1
        if level < 0:
            end = "spent by range"
            break
        path.append(q)
        levels.append(level)
        cur = q
        if b.cpu[q] != EMPTY:
            victim = b.cpu[q]
            pct = rules.cpu_loss_percent.at(level)
            amount = max(0, g.energy[victim]) * pct // 100
            g.energy[victim] -= amount
            ev.append(CpuStruck(victim, seat, pct, amount, g.energy[victim]))
            end = "struck a CPU"
            break
    name = b.names()
    ev.append(BeamFired(shooter, tuple(map(name.__getitem__, path)), tuple(levels),
                        tuple([(name[a], name[c]) for a, c in pushes]), end))
    return BeamTrace(tuple(path), tuple(levels), tuple(pushes), end, tuple(ev))


def preview(state, point: int, direction: int, flux: int, rng=None) -> BeamTrace:
    """What firing would do, computed by the engine on a copy of the game (for the editor's beam
    tracer): path, levels and pushes. Chance (T-intersections, transformers) is drawn from `rng`
    (default: a copy of the game's generator, i.e. what would happen)."""
    # a copy without the log (a beam never reads it), with `rng` or a copy of the game's generator
    if rng is None:
        rng = state.rng.clone() if isinstance(state.rng, CounterRng) else state.rng  # as clone() does
    g = state._copy(False, rng)
    if g.board.runner[point] == EMPTY:
        raise ValueError(f"no gridrunner on {g.board.point_name(point)}")
    if g.board.nbr[point][direction] is None or g.board.owner[g.board.nbr[point][direction][0]] < 0:
        raise ValueError(f"no circuit {DIR_NAMES[direction]} of {g.board.point_name(point)}")
    return fire(g, point, direction, flux)


