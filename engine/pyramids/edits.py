"""The edits a Pyramids designer makes to even out a scenario (the balance assistant's edit space):
which side moves first and the slide (manual F2), and, for a side laid out from a setups library,
another setup of that library. The board's power squares live in the board file, which the
assistant does not edit (docs/balance.md)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.engine.core.edits import Edit, change, strongest_and_weakest
from gridsmith.formats.pyramids.scenario import Scenario

if TYPE_CHECKING:
    from gridsmith.engine.core.simulate import Summary

FIRST = ("player", "cheops", "random")
SLIDES = (1, 2, 3)


def edit_space(s: Scenario, measured: Summary, file: Path | None = None) -> Iterator[Edit]:
    strong, weak = strongest_and_weakest([p.rate for p in measured.seat_wins][:2])
    if strong == weak:
        return
    weak_side = FIRST[weak]
    # the weaker side moving first is the likeliest help, then a coin toss
    for first in sorted(set(FIRST) - {s.options.first}, key=lambda f: (f != weak_side, f != "random")):
        yield change(f"who moves first: {s.options.first} -> {first}", ("options", "first"), s.options.first, first)
    for slide in SLIDES:
        if slide != s.options.slide:
            yield change(f"slide {s.options.slide} -> {slide} squares", ("options", "slide"), s.options.slide, slide)
