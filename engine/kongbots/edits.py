"""The edits a Kongbots designer makes to even out a scenario (the balance assistant's edit space):
- in the scenario, a bot of the weaker or the stronger team swapped for another bundled build of the
  same chassis (the manual's building restriction: both players build the same class);
- in a build file the scenario names by a path, one module swapped for another (or an empty
  interface filled): the validator keeps the build within its class's gladiatorial limits;
- in the arena file it names by a path, a wall hex added near the weaker team's entry or an existing
  wall taken away, and one of the weaker team's start (entry) hexes moved to a neighbouring hex.
Bundled builds and arenas are the installed package's content: never edited (engine.core.edits)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.engine.core.edits import (Change, Edit, change, document, interleave, reference_path, set_cells,
                                         strongest_and_weakest)
from gridsmith.engine.core.hexgrid import distance, neighbours
from gridsmith.formats.content import bundled_names, bundled_path, is_bundled_name
from gridsmith.formats.coords import short
from gridsmith.formats.kongbots.arena import FLOOR, WALL, Arena, entries
from gridsmith.formats.kongbots.bot import Bot
from gridsmith.formats.kongbots.modules import CODES, EMPTY, NAME, TEAMS
from gridsmith.formats.kongbots.refs import BUILD
from gridsmith.formats.kongbots.scenario import Scenario
from gridsmith.formats.loader import load_model

if TYPE_CHECKING:
    from gridsmith.engine.core.simulate import Summary


def edit_space(s: Scenario, measured: Summary, file: Path | None = None) -> Iterator[Edit]:
    strong, weak = strongest_and_weakest([p.rate for p in measured.seat_wins][:2])
    if strong == weak:
        return
    arena = document(s.arena, file)  # read once for its walls and its start hexes
    arena = arena if isinstance(arena, Arena) else None
    yield from interleave(_builds(s, strong, weak, file), _modules(s, strong, weak, file),
                          _walls(s, weak, arena), _starts(s, weak, arena))


def _builds(s: Scenario, strong: int, weak: int, file: Path | None) -> Iterator[Edit]:
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
    path = bundled_path("kongbots", ref, BUILD.suffix) if is_bundled_name(ref) else reference_path(ref, file)
    model, _kind, _diagnostics = load_model(path)
    return getattr(model, "chassis", None)


def _modules(s: Scenario, strong: int, weak: int, file: Path | None) -> Iterator[Edit]:
    """In each build file of the weaker team's bots, then the stronger's: each module (the first of
    its kind in a tender) swapped for each other module, and an empty interface filled."""
    seen: set[str] = set()
    for q in (weak, strong):
        team = s.teams[q]
        for b, entry in enumerate(team.bots):
            if entry.build in seen:
                continue
            bot = document(entry.build, file)
            if not isinstance(bot, Bot):
                continue
            seen.add(entry.build)
            for t, tender in enumerate(bot.tenders):
                firsts = {m: i for i, m in reversed(list(enumerate(tender)))}  # first interface of each module
                for m, i in sorted(firsts.items(), key=lambda mi: mi[1]):
                    for other in CODES:
                        if other == m:
                            continue
                        after = [*tender[:i], other, *tender[i + 1:]]
                        what = f"an empty interface gets a {NAME[other]}" if m == EMPTY else \
                            f"a {NAME[m]} swapped for a {NAME[other]}"
                        yield Edit(f"{team.name}: build {entry.build} (bot {b + 1}), tender {t + 1}: {what}",
                                   (Change(("tenders", t), list(tender), after, entry.build),))


def _walls(s: Scenario, weak: int, arena: Arena | None) -> Iterator[Edit]:
    """A wall on a floor hex two hexes from the weaker team's entry (cover as it comes out), nearest
    the arena's middle first; then each wall taken away (`arena`: the scenario's arena file, None
    when it is a bundled one or cannot be read)."""
    if arena is None:
        return
    rows = arena.rows
    starts = entries(rows, TEAMS[weak])
    if not starts:
        return
    mid = (len(rows[0]) / 2, len(rows) / 2)
    cover = sorted({h for e in starts for n in neighbours(e) for h in neighbours(n)
                    if _at(rows, h) == FLOOR and min(distance(h, e2) for e2 in starts) == 2},
                   key=lambda h: ((h[0] - mid[0]) ** 2 + (h[1] - mid[1]) ** 2, h[1], h[0]))
    for q, r in cover:
        yield Edit(f"arena {s.arena}: a wall at {short((q, r), 'hex')}, in front of {s.teams[weak].name}'s entry",
                   set_cells(rows, {(r, q): WALL}, "rows", s.arena), ((q, r),))
    for r, row in enumerate(rows):
        for q, ch in enumerate(row):
            if ch == WALL:
                yield Edit(f"arena {s.arena}: the wall at {short((q, r), 'hex')} taken away",
                           set_cells(rows, {(r, q): FLOOR}, "rows", s.arena), ((q, r),))


def _starts(s: Scenario, weak: int, arena: Arena | None) -> Iterator[Edit]:
    """One of the weaker team's entry hexes moved to a neighbouring floor hex."""
    if arena is None:
        return
    rows, team = arena.rows, TEAMS[weak]
    for q, r in entries(rows, team):
        for nq, nr in neighbours((q, r)):
            if _at(rows, (nq, nr)) == FLOOR:
                yield Edit(f"arena {s.arena}: {s.teams[weak].name}'s start hex {short((q, r), 'hex')} moved to "
                           f"{short((nq, nr), 'hex')}",
                           set_cells(rows, {(r, q): FLOOR, (nr, nq): team}, "rows", s.arena), ((nq, nr), (q, r)))


def _at(rows: list[str], h: tuple[int, int]) -> str | None:
    q, r = h
    return rows[r][q] if 0 <= r < len(rows) and 0 <= q < len(rows[r]) else None
