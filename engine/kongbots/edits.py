"""The edits a Kongbots designer makes to even out a scenario (the balance assistant's edit space): a
bot of the stronger or the weaker team swapped for another bundled build of the same chassis (the
manual's building restriction: both players build the same class), so the teams' modules change
within their class. Walls and start hexes live in the arena file, which the assistant does not
edit (docs/balance.md)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.engine.core.edits import Edit, change, strongest_and_weakest
from gridsmith.formats.content import bundled_names, bundled_path, is_bundled_name
from gridsmith.formats.kongbots.refs import BUILD
from gridsmith.formats.kongbots.scenario import Scenario
from gridsmith.formats.loader import load_model

if TYPE_CHECKING:
    from gridsmith.engine.core.simulate import Summary


def edit_space(s: Scenario, measured: Summary, file: Path | None = None) -> Iterator[Edit]:
    strong, weak = strongest_and_weakest([p.rate for p in measured.seat_wins][:2])
    if strong == weak:
        return
    chassis = {name: c for name in bundled_names("kongbots", BUILD.suffix) if (c := _chassis(name, file))}
    for q in (weak, strong):  # the weaker team's bots first: more often a build lacks than excels
        team = s.teams[q]
        for b, bot in enumerate(team.bots):
            own = _chassis(bot.build, file)
            if own is None:
                continue  # the validator reports a build that cannot be read
            for other in sorted(n for n, c in chassis.items() if c == own and n != bot.build):
                yield change(f"{team.name}: bot {b + 1} built as {other}, not {bot.build}",
                             ("teams", q, "bots", b, "build"), bot.build, other)


def _chassis(ref: str, file: Path | None) -> str | None:
    """The chassis (scout, warrior, marauder) of the build `ref` names, None when it cannot be read."""
    path = bundled_path("kongbots", ref, BUILD.suffix) if is_bundled_name(ref) else \
        (file.parent if file is not None else Path(".")) / ref
    model, _kind, _diagnostics = load_model(path)
    return getattr(model, "chassis", None)
