"""`pendulum.save` v1: a saved Pendulum game, self-contained, with a clock-stamped action log.

It embeds the scenario and every file it names as they were when the game started (ruleset, board,
the seats' leaders, the decks), the seed, who played each seat, and every action as
`MS SEAT ACTION`: the millisecond of the game clock it was requested at, the seat (1-based) and the
action's text (`0 1 place w1 p-top-1`, `45000 2 flip black`). A game is a pure function of
scenario, seed and this log. Loading replays the log and compares the result with the snapshot
(engine.pendulum.saves registers that check); here are the checks that need no engine.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem
from ..model_base import FileModel, schema_only
from ..saves import seat_problems, seed_field
from ..registry import CheckContext, KindSpec, register
from .board import Board
from .deck import Deck
from .leader import Leader
from .ruleset import Ruleset
from .scenario import Scenario, resolve_embedded

KIND = "pendulum.save"
VERSION = 1
LOG_RE = re.compile(r"^(0|[1-9][0-9]{0,9}) [1-5] [a-z_]+( [A-Za-z0-9_:,.>=+-]+)*$")
MAX_ACTIONS = 50_000


class SeatSnapshot(FileModel):
    resources: dict[str, int] = Field(description="military, culture, gold, votes.")
    vp: dict[str, int] = Field(description="power, prestige, popularity, legendary.")
    fame: int = Field(0, description="Fame (advanced variant).")
    workers: list[str] = Field(description="Each worker: `size@place`, e.g. `large@p-top-1:top`, `small@home`.")


class SeatClock(FileModel):
    """How a computer seat is polled in a timed round (engine.pendulum.runner): part of the match a
    resumed game must continue exactly."""

    ready_ms: int = Field(ge=0, le=2**40, description="The game millisecond from which the seat answers again.")
    waiting: bool = Field(False, description="The seat said `wait`: it is asked again after the next event.")


class Snapshot(FileModel):
    now_ms: int = Field(description="The game clock.", **schema_only(by="SAV411", minimum=0))
    round: int = Field(description="The round being played (1-4).")
    phase: str = Field(description="timed, untimed, wrapup, council or over.")
    privilege: list[int] = Field(description="Seats (1-based) from place 1 down.")
    glasses: dict[str, str] = Field(description="Per area: `top` or `bottom`, and `@MS` when it runs out.")
    seats: list[SeatSnapshot]
    rng_draws: int = Field(description="Random numbers drawn so far.", **schema_only(by="SAV411", minimum=0))
    winners: list[int] | None = Field(None, description="Winning seats (1-based) when the game is over; [] = all lose.")
    cards: str = Field("", max_length=64, description="A digest of where every card is (the decks, the display, the "
                       "council rewards): the seed shuffled them, so a save whose seed was changed does not replay to "
                       "it. Empty in older saves: not compared.")
    pending: list[str] | None = Field(None, description="Requests made within the grace window and not yet "
                                      "served, as `MS SEAT ACTION` (they act after the window): a log whose last "
                                      "requests were dropped shows here. Absent in older saves: not compared.")


class SaveFile(FileModel):
    kind: Literal["pendulum.save"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    description: str = Field("", max_length=256)
    scenario: Scenario = Field(description="The scenario as it was when the game started.")
    ruleset: Ruleset = Field(description="The ruleset it named, embedded.")
    board: Board = Field(description="The board it named, embedded.")
    leaders: list[Leader] = Field(description="Each seat's leader, embedded, in seat order.")
    decks: list[Deck] = Field(description="The decks it named, embedded.")
    seed: int = seed_field()
    log: list[str] = Field(default_factory=list, description="Every action as `MS SEAT ACTION`.",
                           **schema_only(by="SAV401", items={"type": "string", "pattern": LOG_RE.pattern}))
    players: list[str] = Field(default_factory=list, description="Who played each seat: `human` or an agent name.")
    clocks: list[SeatClock] = Field(default_factory=list, description="Each seat's polling clock when the game "
                                    "was saved (empty: as at the start), so a resumed game asks the same seat next.")
    snapshot: Snapshot


def check_save(model: SaveFile, ctx: CheckContext) -> Iterable[Problem]:
    _, problems = resolve_embedded(model.scenario, model.ruleset, model.board, model.leaders, model.decks)
    out = list(problems)
    out += seat_problems(model.players, len(model.scenario.seats), "players")
    if len(model.log) > MAX_ACTIONS:
        out.append(Problem("SAV404", f"{len(model.log)} actions: more than a saved game can hold ({MAX_ACTIONS})",
                           ("log",)))
    last = 0
    for i, line in enumerate(model.log):
        if not LOG_RE.match(line):
            out.append(Problem("SAV401", f"{line!r} is not a log line like `45000 2 flip black`", ("log", i)))
            continue
        ms = int(line.split(" ", 1)[0])
        if ms < last:
            out.append(Problem("PNM460", f"the clock runs backwards: {ms} ms after {last} ms", ("log", i)))
        last = max(last, ms)
        if int(line.split(" ")[1]) > len(model.scenario.seats):
            out.append(Problem("SAV401", f"seat {line.split(' ')[1]} does not exist", ("log", i)))
    if len(model.snapshot.seats) != len(model.scenario.seats):
        out.append(Problem("SAV402", f"the snapshot has {len(model.snapshot.seats)} seats, the scenario "
                           f"{len(model.scenario.seats)}", ("snapshot", "seats")))
    return out


SPEC = register(KindSpec(
    kind=KIND, version=VERSION, model=SaveFile, suffix=".sav.yaml", title="Pendulum saved game",
    description="A saved Pendulum game: the scenario and every file it names embedded, the seed, a clock-stamped "
    "action log and a snapshot that loading checks by replaying the log.",
    checks=(check_save,),
))
