"""The edits a Pendulum designer makes to even out a scenario (the balance assistant's edit space): the
privilege order (random, or the seats' order), a seat's leader board side or leader, and the
advanced variants per seat. Starting resources and province cards live in the leader and deck
files, which the assistant does not edit (docs/balance.md)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.engine.core.edits import Edit, change, strongest_and_weakest
from gridsmith.formats.content import bundled_names
from gridsmith.formats.pendulum.scenario import Scenario

if TYPE_CHECKING:
    from gridsmith.engine.core.simulate import Summary

SIDES = ("basic", "advanced")


def edit_space(s: Scenario, measured: Summary, file: Path | None = None) -> Iterator[Edit]:
    strong, weak = strongest_and_weakest([p.rate for p in measured.seat_wins][: len(s.seats)])
    if strong == weak:
        return
    other = "seat_order" if s.privilege == "random" else "random"
    yield change(f"privilege order: {s.privilege} -> {other}", ("privilege",), s.privilege, other)
    for q in (weak, strong):
        seat = s.seats[q]
        side = SIDES[1 - SIDES.index(seat.side)]
        yield change(f"{seat.colour}: {seat.leader}'s {seat.side} side -> {side} side", ("seats", q, "side"),
                     seat.side, side)
    taken = {x.leader for x in s.seats}
    for leader in bundled_names("pendulum", ".leader.yaml"):
        if leader not in taken:
            yield change(f"{s.seats[weak].colour}: leader {s.seats[weak].leader} -> {leader}",
                         ("seats", weak, "leader"), s.seats[weak].leader, leader)
    if s.seats[strong].advanced_placement is False:
        yield change(f"{s.seats[strong].colour}: advanced placement (at most 1 own worker per top part)",
                     ("seats", strong, "advanced_placement"), False, True)
