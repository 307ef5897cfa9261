"""`pendulum.board` v1: the main board (both sides, `1-3` and `4-5` players), the council board and
the time track (Zeitanzeigetableau).

Each action area (purple, green, black) has two rows, top and bottom; each row has golden circles for
the area's sandglass ("Der lila Aktionsbereich hat pro Aktionsreihe 2 goldene Kreise"): the glass
stands on one, the purple markers on the others. A row holds action spaces: a reward, the printed
size (the 2-player neutral goes on "4 kleineren einfachen Aktionsfelder"), and the spaces it is
adjacent to (for Bolk the Warmonger). The cost of a space is the rulebook's, from the ruleset:
2 gold in purple and green, 4 military for Conquer Province in black, nothing else in black.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..model_base import FileModel, schema_only
from ..identifiers import Ident, same_key
from ..registry import CheckContext, KindSpec, register
from .effects import AREAS, Effect, effect_field, names

KIND = "pendulum.board"
VERSION = 1
SIDES = ("1-3", "4-5")
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,39}$"


class Space(FileModel):
    id: Ident = Field(description="Unique on the side, e.g. `p-top-1`.", **schema_only(pattern=ID_PATTERN))
    size: Literal["small", "large"] = Field("large", description="The printed size of the space.")
    reward: Effect = Field(**effect_field("What acting here gives (taken exactly once)."))
    neutral_2p: bool = Field(False, description="The 2-player neutral keeps a worker here all game (purple and "
                             "green small spaces only).")
    adjacent: list[Ident] = Field(default_factory=list, description="Ids of adjacent spaces.")


class Row(FileModel):
    circles: int = Field(1, ge=1, le=4, description="Golden circles for the glass (purple: 2 a row).")
    spaces: list[Space] = Field(default_factory=list, **schema_only(maxItems=12))


class Area(FileModel):
    rows: list[Row] = Field(description="Exactly two rows: top, then bottom.", **schema_only(by="PNM411", minItems=2, maxItems=2))


class CouncilBoard(FileModel):
    slots: int = Field(5, ge=1, le=10, description="Council reward slots revealed each round.")
    great_worker: bool = Field(True, description="The board has the great-worker reward's space.")
    default_reward: Effect = Field(**effect_field("The bottom-left reward, open to everyone in every council."))


class TimeStep(FileModel):
    flip: list[Literal["purple", "green", "black"]] = Field(description="Glasses flipped on this step.")


class Side(FileModel):
    areas: dict[Literal["purple", "green", "black"], Area] = Field(description="The three action areas.")
    privilege_places: int = Field(5, ge=2, le=6, description="Places on the privilege track.")
    council: CouncilBoard = Field(default_factory=CouncilBoard)
    time_track: list[TimeStep] = Field(default_factory=list,
                                       description="The Zeitanzeigetableau for rounds without active sandglasses.")


class Board(FileModel):
    kind: Literal["pendulum.board"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64)
    description: str = ""
    sides: dict[Literal["1-3", "4-5"], Side] = Field(description="`1-3` and `4-5` players.")

    def side_for(self, players: int) -> Side | None:
        return self.sides.get("1-3" if players <= 3 else "4-5")


def purple_markers(side: Side) -> int:
    """Purple markers: every purple circle but the one the glass stands on."""
    area = side.areas.get("purple")
    return sum(r.circles for r in area.rows) - 1 if area else 0


def side_problems(side: Side, path: tuple) -> list[Problem]:
    out: list[Problem] = []
    ids: dict[str, tuple] = {}
    for a in AREAS:
        if a not in side.areas:
            out.append(Problem("PNM410", f"the {a} area is missing", (*path, "areas")))
    for a, area in side.areas.items():
        ap = (*path, "areas", a)
        if len(area.rows) != 2:
            out.append(Problem("PNM411", f"the {a} area has {len(area.rows)} rows; every area has a top and a "
                               "bottom row", (*ap, "rows")))
        for r, row in enumerate(area.rows):
            if not row.spaces:
                out.append(Problem("PNM412", f"{a} row {r + 1} has no action space", (*ap, "rows", r)))
            for s, sp in enumerate(row.spaces):
                sp_path = (*ap, "rows", r, "spaces", s)
                if same_key(sp.id) in ids:
                    out.append(Problem("PNM413", f"space id {sp.id!r} is used twice", (*sp_path, "id")))
                ids[same_key(sp.id)] = sp_path
                if not sp.reward:
                    out.append(Problem("PNM414", f"space {sp.id!r} gives nothing", (*sp_path, "reward")))
                if sp.neutral_2p and (a == "black" or sp.size != "small"):
                    out.append(Problem("PNM415", f"space {sp.id!r}: the 2-player neutral stands only on small "
                                       "spaces of purple and green", (*sp_path, "neutral_2p")))
                bad = [n for n in names(sp.reward) if n in ("legendary_vp", "column_limit_plus", "great_worker")]
                if bad:
                    out.append(Problem("PNM416", f"space {sp.id!r}: {bad[0]} is a council reward, not an action "
                                       "space reward", (*sp_path, "reward")))
        if a == "purple" and area.rows and sum(r.circles for r in area.rows) < 2:
            out.append(Problem("PNM417", "purple needs circles for the glass and at least one marker",
                               (*ap, "rows")))
    for a, area in side.areas.items():
        for r, row in enumerate(area.rows):
            for s, sp in enumerate(row.spaces):
                for k, other in enumerate(sp.adjacent):
                    if same_key(other) not in ids:
                        out.append(Problem("PNM418", f"space {sp.id!r} is adjacent to unknown space {other!r}",
                                           (*path, "areas", a, "rows", r, "spaces", s, "adjacent", k)))
                    elif same_key(other) == same_key(sp.id):
                        out.append(Problem("PNM418", f"space {sp.id!r} is adjacent to itself",
                                           (*path, "areas", a, "rows", r, "spaces", s, "adjacent", k)))
    out += _time_track_problems(side, path)
    return out


def _time_track_problems(side: Side, path: tuple) -> list[Problem]:
    """The time track flips all three at its first step (the opening) and uses up the purple markers
    with its purple flips, the last on its last step (then the council is called)."""
    tt = side.time_track
    tp = (*path, "time_track")
    if not tt:
        return [Problem("PNM419", "no time track: rounds without active sandglasses cannot be played", tp,
                        Severity.WARNING)]
    out: list[Problem] = []
    if sorted(tt[0].flip) != sorted(AREAS):
        out.append(Problem("PNM420", "the first time-track step flips all three glasses (the opening flip)",
                           (*tp, 0, "flip")))
    purple = sum("purple" in st.flip for st in tt)
    markers = purple_markers(side)
    if purple != markers:
        out.append(Problem("PNM420", f"the time track flips purple {purple} times but purple has {markers} "
                           "markers: the last marker must go on the last step", tp))
    if "purple" not in tt[-1].flip:
        out.append(Problem("PNM420", "the last time-track step must flip purple (it removes the last marker and "
                           "calls the council)", (*tp, len(tt) - 1, "flip")))
    for i, st in enumerate(tt):
        if len(set(st.flip)) != len(st.flip) or not st.flip:
            out.append(Problem("PNM420", "a time-track step flips each glass at most once and at least one",
                               (*tp, i, "flip")))
    return out


def check_board(model: Board, ctx: CheckContext) -> Iterable[Problem]:
    out: list[Problem] = []
    for name in SIDES:
        if name not in model.sides:
            out.append(Problem("PNM421", f"side {name!r} is missing: a board has sides 1-3 and 4-5", ("sides",)))
    for name, side in model.sides.items():
        out += side_problems(side, ("sides", name))
        neutral = sum(sp.neutral_2p for a in side.areas.values() for r in a.rows for sp in r.spaces)
        if name == "1-3" and neutral != 4:
            out.append(Problem("PNM422", f"side 1-3 marks {neutral} neutral spaces; the 2-player neutral puts "
                               "1 worker on each of 4", ("sides", name), Severity.WARNING))
    return out


SPEC = register(KindSpec(
    kind=KIND, version=VERSION, model=Board, suffix=".board.yaml", title="Pendulum board",
    description="The Pendulum main board (sides 1-3 and 4-5 players): action areas with rows, golden circles and "
    "action spaces; privilege track; council board; time track.",
    checks=(check_board,),
))
