"""The edits a Circuit War designer makes to even out a scenario (the balance assistant's edit space):
a side's starting energy, a circuit of its own laid next to the weaker side's CPU, and a CPU moved one
point within the rules (the validator refuses a place the rules do not allow). The grid is the
doubled lattice of formats.circuitwar.lattice: points at even (row, column), circuits between them."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.engine.core.edits import Edit, change, set_cells, strongest_and_weakest
from gridsmith.formats.circuitwar import lattice as L
from gridsmith.formats.circuitwar.refs import load_ruleset
from gridsmith.formats.circuitwar.scenario import Scenario
from gridsmith.formats.rulesets import RulesetError

if TYPE_CHECKING:
    from gridsmith.engine.core.simulate import Summary

STEPS = ((0, 2), (0, -2), (2, 0), (-2, 0))  # one point right, left, down, up (doubled coordinates)


def edit_space(s: Scenario, measured: Summary, file: Path | None = None) -> Iterator[Edit]:
    strong, weak = strongest_and_weakest([p.rate for p in measured.seat_wins][: len(s.players)])
    if strong == weak:
        return
    try:
        start = load_ruleset(s.ruleset, file).energy.start
    except RulesetError:
        return  # the validator says why the ruleset cannot be read
    yield from _energy(s, start, strong, weak)
    cpu = _cpu(s.grid, weak)
    if cpu is not None:
        yield from _circuits(s, cpu, weak)
        yield from _moves(s, cpu, weak)


def _energy(s: Scenario, start: int, strong: int, weak: int) -> Iterator[Edit]:
    for q, steps in ((weak, (10, 20)), (strong, (-10,))):
        before = s.players[q].energy
        now = start if before is None else before
        for d in steps:
            if now + d >= 0:
                yield change(f"{s.players[q].name}: starting energy {now} -> {now + d}",
                             ("players", q, "energy"), before, now + d)


def _cpu(rows: list[str], seat: int) -> tuple[int, int] | None:
    for r, row in enumerate(rows):
        c = row.find(L.CPU_CHARS[seat])
        if c >= 0:
            return r, c
    return None


def _circuits(s: Scenario, cpu: tuple[int, int], seat: int) -> Iterator[Edit]:
    r, c = cpu
    for dr, dc in STEPS:
        rr, cc = r + dr // 2, c + dc // 2  # the circuit between the CPU and the next point
        if 0 <= rr < len(s.grid) and 0 <= cc < len(s.grid[rr]) and s.grid[rr][cc] == L.NOTHING:
            yield Edit(f"{s.players[seat].name}: a circuit {L.circuit_name(rr, cc)} of its own at its CPU",
                       set_cells(s.grid, {(rr, cc): L.OWNER_CHARS[seat]}, "grid"), ((cc, rr),))


def _moves(s: Scenario, cpu: tuple[int, int], seat: int) -> Iterator[Edit]:
    r, c = cpu
    for dr, dc in STEPS:
        rr, cc = r + dr, c + dc
        if 0 <= rr < len(s.grid) and 0 <= cc < len(s.grid[rr]) and s.grid[rr][cc] == L.POINT:
            yield Edit(f"{s.players[seat].name}: CPU moved from {L.point_name(r, c)} to {L.point_name(rr, cc)}",
                       set_cells(s.grid, {(r, c): L.POINT, (rr, cc): L.CPU_CHARS[seat]}, "grid"), ((c, r), (cc, rr)))
