"""The edits a Pendulum designer makes to even out a scenario (the balance assistant's edit space):
- in the scenario, the privilege order (random, or the seats' order), a seat's leader board side or
  leader, and the advanced variants per seat;
- in the leader file a seat names by a path, the starting resources of the side it plays (the
  leader board's "starting resources" box: one resource more for the weaker seat, one less for the
  stronger);
- in a deck file the scenario names by a path, a province card's production one more or one less
  (the richest cards first: a strong seat lives off them).
Bundled leaders and decks are the installed package's content: never edited (engine.core.edits)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gridsmith.engine.core.edits import Edit, change, document, interleave, strongest_and_weakest
from gridsmith.formats.content import bundled_names
from gridsmith.formats.pendulum.deck import Deck
from gridsmith.formats.pendulum.leader import Leader
from gridsmith.formats.pendulum.scenario import Scenario

if TYPE_CHECKING:
    from gridsmith.engine.core.simulate import Summary

SIDES = ("basic", "advanced")
RESOURCES = ("military", "culture", "gold")
#: province cards whose production each edit space tries, the richest and the poorest
PROVINCES = 3


def edit_space(s: Scenario, measured: Summary, file: Path | None = None) -> Iterator[Edit]:
    strong, weak = strongest_and_weakest([p.rate for p in measured.seat_wins][: len(s.seats)])
    if strong == weak:
        return
    yield from interleave(_scenario(s, strong, weak), _starts(s, strong, weak, file), _provinces(s, file))


def _scenario(s: Scenario, strong: int, weak: int) -> Iterator[Edit]:
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


def _starts(s: Scenario, strong: int, weak: int, file: Path | None) -> Iterator[Edit]:
    """The weaker seat's leader side starts with one more of each resource, the stronger's with one
    less of its most plentiful."""
    for q, steps in ((weak, (1, 2)), (strong, (-1,))):
        seat = s.seats[q]
        leader = document(seat.leader, file)
        if not isinstance(leader, Leader) or seat.side not in leader.sides:
            continue
        start = leader.sides[seat.side].start
        keys = RESOURCES if steps[0] > 0 else sorted(RESOURCES, key=lambda k: -getattr(start, k))[:1]
        for d in steps:
            for k in keys:
                now = getattr(start, k)
                if now + d >= 0:
                    yield change(f"{seat.colour}: {seat.leader} ({seat.side} side) starts with {now + d} {k}, "
                                 f"not {now}", ("sides", seat.side, "start", k), now, now + d, file=seat.leader)


def _provinces(s: Scenario, file: Path | None) -> Iterator[Edit]:
    """The richest province cards produce one less, the poorest one more (in the column where they
    produce most)."""
    for ref in dict.fromkeys(s.decks):
        deck = document(ref, file)
        if not isinstance(deck, Deck) or not deck.provinces:
            continue
        worth = sorted(range(len(deck.provinces)), key=lambda i: (-_worth(deck, i), i))
        chosen = [(i, -1) for i in worth[:PROVINCES]] + [(i, 1) for i in reversed(worth[-PROVINCES:])]
        for i, d in chosen:
            p = deck.provinces[i]
            colour, amounts = max(p.productions.items(), key=lambda ca: (sum(v for _, v in ca[1].items()), ca[0]))
            if not amounts.items():
                continue
            key, now = max(amounts.items(), key=lambda kv: (kv[1], kv[0]))
            if now + d >= 0:
                yield change(f"deck {ref}: province {p.name} produces {now + d} {key}, not {now}, under {colour}",
                             ("provinces", i, "productions", colour, key), now, now + d, file=ref)


def _worth(deck: Deck, i: int) -> int:
    return sum(v for a in (deck.provinces or [])[i].productions.values() for _, v in a.items())
