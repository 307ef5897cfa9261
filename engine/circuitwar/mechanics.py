"""What objects do to whatever crosses them, and what happens when gridrunners arrive somewhere:
captures, melds, fights, mutual explosions, CPU drains, and circuits blown (manual 3, 5 and 6).

Every function takes the game state `g` (board, ruleset, rng, energies, alive sides) and appends
the events it causes to `ev`. Levels are 0 WEAK, 1 NOMINAL, 2 STRONG; below 0 is spent.
"""
from __future__ import annotations

from .board import (CAPACITOR, DIODE, EMPTY, GREY, GROUND, NONE, NO_CIRCUIT, RESISTOR, SWITCH_OFF,
                    TRANSFORMER, object_name)
from .events import (Blown, Captured, Changed, CpuDrained, Crossed, Died, Fought, Melded, SideKilled,
                     Transmitted)

STRONG = 2
#: what a traversal ends in
PASSED, KILLED, SPENT = 0, 1, 2


def friendly(g, e: int, seat: int) -> bool:
    """A circuit is friendly to a side that owns it and is alive (greyed circuits count as enemy)."""
    o = g.board.owner[e]
    return o == seat and o != GREY and g.alive[o]


def cross_object(g, e: int, d: int, seat: int, level: int, what: str, ev: list) -> tuple[int, int, int, str]:
    """The effect of circuit `e`'s object on a traverser of `seat` at `level` moving in direction d
    (manual 6, OBJECT EFFECTS, the same for gridrunners and beams). Returns (seat, level, fate, cause)."""
    b = g.board
    o = b.obj[e]
    if o == NONE:
        return seat, level, PASSED, ""
    if o == SWITCH_OFF:
        return seat, level, KILLED, "an open switch"
    if o == GROUND:
        return seat, level, KILLED, "a ground"
    if o >= DIODE:
        return (seat, level, PASSED, "") if o - DIODE == d else (seat, level, KILLED, "a diode the wrong way")
    name = b.circuit_name(e)
    if o == RESISTOR:
        level -= 1
        ev.append(Changed(what, "resistor", name, seat, level))
    elif o == CAPACITOR:
        if friendly(g, e, seat):
            if b.charge[e] > 0 and level < STRONG:
                b.own("charge")
                b.charge[e] -= 1
                level += 1
                ev.append(Changed(what, "capacitor", name, seat, level, b.charge[e]))
        elif b.charge[e] < g.rules.capacitor.max_charge:
            b.own("charge")
            b.charge[e] += 1
            level -= 1
            ev.append(Changed(what, "capacitor", name, seat, level, b.charge[e]))
    elif o == TRANSFORMER:
        t = g.rules.transformer
        if t.owner == "living":
            seat = g.rng.choice([s for s in range(g.n) if g.alive[s]])
        elif t.owner == "all_seats":
            seat = g.rng.randrange(g.n)
        if t.level == "uniform":
            level = g.rng.randrange(3)
        ev.append(Changed(what, "transformer", name, seat, level))
    return seat, level, (SPENT if level < 0 else PASSED), ("drained" if level < 0 else "")


def blow(g, e: int, cause: str, ev: list) -> None:
    """Blow a circuit: its object goes first, leaving an empty circuit; an empty circuit disappears
    (manual 5, BLOWING CIRCUITS)."""
    b = g.board
    name = b.circuit_name(e)
    b.touch()
    b.own("obj", "charge", "owner")
    if b.obj[e] != NONE:
        ev.append(Blown(name, object_name(b.obj[e]), cause))
        b.obj[e] = NONE
        b.charge[e] = 0
    elif b.owner[e] != NO_CIRCUIT:
        ev.append(Blown(name, "circuit", cause))
        b.owner[e] = NO_CIRCUIT


def die_on_circuit(g, e: int, seat: int, level_before: int, cause: str, ev: list) -> None:
    """A gridrunner dies on a circuit and may blow it (manual 6, 'gridrunner dying on circuit')."""
    b = g.board
    ev.append(Died(seat, b.circuit_name(e), cause))
    dy = g.rules.dying
    o = b.obj[e]
    base = getattr(dy, object_name(o)) if o < DIODE else dy.diode
    if base <= 0:
        return  # "0% (not possible)"
    pct = base + dy.per_level_percent * max(0, level_before)
    if o == CAPACITOR:
        pct += dy.capacitor_charge_percent * b.charge[e]
    if g.rng.chance(min(100, pct) / 100):
        blow(g, e, "a dying gridrunner", ev)


def level_of_energy(g, energy: int) -> int:
    """The highest level whose energy does not exceed `energy` (at least WEAK, at most STRONG)."""
    le = g.rules.collision.level_energy
    lv = 0
    for i, v in enumerate((le.weak, le.nominal, le.strong)):
        if energy >= v:
            lv = i
    return lv


def runner_cross(g, p: int, d: int, how: str, ev: list, seat: int | None = None, level: int | None = None) -> int:
    """The gridrunner on point p (or a new one of `seat`/`level` when building) crosses the circuit in
    direction d. Returns the point where a gridrunner now stands as a result, or -1."""
    b = g.board
    e, q = b.nbr[p][d]
    building = how == "build"
    if not building:
        seat, level = b.runner[p], b.level[p]
        b.lift(p)
    level_before = level
    seat2, level2, fate, cause = cross_object(g, e, d, seat, level, "gridrunner", ev)
    if fate == KILLED and building and g.rng.chance(g.rules.build.transmission_percent / 100):
        ev.append(Transmitted(seat, b.circuit_name(e)))  # manual 5: "33% chance that the CPU can transmit"
        seat2, level2, fate = seat, level, PASSED
    if fate != PASSED:
        die_on_circuit(g, e, seat, level_before, cause, ev)
        return -1
    # capture: only a gridrunner that comes out at least WEAK (it did: it passed)
    if b.owner[e] != seat2:
        ev.append(Captured(seat2, b.circuit_name(e), b.owner[e] if b.owner[e] != GREY else -1))
        b.own("owner")
        b.owner[e] = seat2
    ev.append(Crossed(seat2, b.point_name(p), b.point_name(q), level2, how))
    return arrive(g, q, seat2, level2, ev, replace=building)


def arrive(g, q: int, seat: int, level: int, ev: list, replace: bool = False) -> int:
    """A gridrunner arrives on point q: a CPU is drained, a gridrunner there is melded with or fought."""
    b = g.board
    if b.cpu[q] != EMPTY:
        drain_cpu(g, b.cpu[q], seat, level, ev)
        return -1
    other = b.runner[q]
    if other == EMPTY or replace:
        if other != EMPTY:
            ev.append(Died(other, b.point_name(q), "replaced by a new gridrunner"))
        b.put(q, seat, level)
        return q
    le = g.rules.collision.level_energy
    name = b.point_name(q)
    if other == seat:  # manual 5: friendly gridrunners meld, "up to the max of STRONG"
        lv = level_of_energy(g, le.at(level) + le.at(b.level[q]))
        b.set_level(q, lv)
        ev.append(Melded(seat, name, lv))
        return q
    ea, ed = le.at(level), le.at(b.level[q])
    if ea > ed:
        lv = level_of_energy(g, ea - ed)
        b.put(q, seat, lv)
        ev.append(Fought(seat, other, name, "attacker", lv))
        return q
    if ea < ed:
        lv = level_of_energy(g, ed - ea)
        b.set_level(q, lv)
        ev.append(Fought(seat, other, name, "defender", lv))
        return q
    col = g.rules.collision
    if g.rng.chance(col.equal_attacker_survives_percent / 100):
        b.put(q, seat, 0)
        ev.append(Fought(seat, other, name, "attacker", 0))
        return q
    # mutual explosion: "attack adjacent circuitry at 50%-(total energy of both gridrunners)*10%"
    dl = b.level[q]
    b.lift(q)
    ev.append(Fought(seat, other, name, "both"))
    pct = col.explosion_base_percent + col.explosion_per_level_percent * (level + dl)
    for step in b.nbr[q]:
        if step is not None and b.owner[step[0]] != NO_CIRCUIT and g.rng.chance(max(0, min(100, pct)) / 100):
            blow(g, step[0], "a mutual explosion", ev)
    return -1


def drain_cpu(g, victim: int, by: int, level: int, ev: list) -> None:
    """A gridrunner runs into a CPU (friend or foe): the side loses energy by the runner's level and
    dies below zero (manual 3 GRIDRUNNER, 5 KILLED PLAYERS); the gridrunner is spent."""
    amount = g.rules.collision.cpu_drain.at(level)
    g.energy[victim] -= amount
    ev.append(CpuDrained(victim, by, amount, g.energy[victim]))
    if g.energy[victim] < 0:
        kill_side(g, victim, by, ev)


def kill_side(g, seat: int, by: int, ev: list) -> None:
    """The side greys out: its gridrunners and CPU go, its circuits stay grey (fair game)."""
    b = g.board
    g.alive[seat] = False
    g.killer[seat] = by
    b.touch()
    b.own("cpu")
    for p in b.runners(seat):
        b.lift(p)
    for p in b.points:
        if b.cpu[p] == seat:
            b.cpu[p] = EMPTY
    ev.append(SideKilled(seat, by))
