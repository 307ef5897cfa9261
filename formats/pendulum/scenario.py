"""`pendulum.scenario` v1: a game to play — ruleset, board, decks, and per seat a leader, its side and
a colour; the variants: rounds without active sandglasses ("Spiel ohne aktive Sanduhren", switchable
after any council), and per player the advanced placement and Fame.

2 to 5 seats: "Pendulum ist ein ... Echtzeitstrategiespiel für 1 bis 5 Spieler", but the rulebook has
no solo rules, so 1 seat is an error until they are sourced. The board side follows the player
count (1-3 / 4-5).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..model_base import FileModel, schema_only
from ..identifiers import Ident, same_key
from ..registry import CheckContext, KindSpec, register
from .board import Board, Side
from .board import check_board
from .deck import Achievement, CouncilReward, Deck, Province, Stratagem, check_deck
from .effects import names
from .leader import Leader, LeaderSide, check_leader
from ..references import check as reference_problems
from ..references import model_of, models_of
from .refs import BOARD, DECK, LEADER, RULESET
from .ruleset import Ruleset, check_ruleset

KIND = "pendulum.scenario"
VERSION = 1
#: decks a scenario may name (the rulebook plays with one; variants join a few)
MAX_DECKS = 20
COLOURS = ("white", "black", "orange", "teal", "violet")


class Seat(FileModel):
    leader: Ident = Field(description="A *.leader.yaml file: bundled name (e.g. `gambal`) or relative path.")
    side: Literal["basic", "advanced"] = Field("basic", description="Which side of the leader's board.")
    colour: Literal["white", "black", "orange", "teal", "violet"] = Field(description="The seat's pieces.")
    advanced_placement: bool = Field(False, description="Advanced variant: at most 1 own worker per top part.")
    fame: bool = Field(False, description="Advanced variant: VP beyond a track's end may become Fame.")
    reaction_ms: int | None = Field(None, ge=0, le=60_000, description="Computer seat: overrides the ruleset's "
                                    "reaction time.")
    action_ms: int | None = Field(None, ge=0, le=60_000, description="Computer seat: overrides the ruleset's "
                                  "time per action.")


class Scenario(FileModel):
    kind: Literal["pendulum.scenario"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64)
    description: str = ""
    ruleset: Ident = Field("default", description="A *.rules.yaml: bundled name or relative path.")
    board: Ident = Field("default", description="A *.board.yaml: bundled name or relative path.")
    decks: list[Ident] = Field(default_factory=lambda: ["default"],
                             description="*.deck.yaml files whose cards are joined.", **schema_only(by="PNM458, PNM459", maxItems=MAX_DECKS))
    seats: list[Seat] = Field(description="2 to 5 seats, in the order of the privilege track's random start if "
                              "`privilege` is `random`.", **schema_only(by="PNM450", maxItems=5))
    privilege: Literal["random", "seat_order"] = Field(
        "random", description="The starting privilege order: random (the rulebook) or the order of `seats`.")
    untimed_rounds: list[Annotated[int, Field(le=20)]] = Field(default_factory=list,
                                      description="Rounds played without active sandglasses (the time track).")


@dataclass
class Cards:
    stratagems: dict[str, Stratagem] = field(default_factory=dict)
    provinces: list[Province] = field(default_factory=list)
    achievements: list[Achievement] = field(default_factory=list)
    council_rewards: list[CouncilReward] = field(default_factory=list)


@dataclass
class ResolvedScenario:
    """A scenario with every reference followed: what the engine needs and a saved game embeds."""

    scenario: Scenario
    ruleset: Ruleset
    board: Board
    side: Side
    leaders: list[Leader]
    decks: list[Deck]
    cards: Cards

    def leader_side(self, seat: int) -> LeaderSide:
        return self.leaders[seat].sides[self.scenario.seats[seat].side]


def join_decks(decks: list[Deck]) -> Cards:
    cards = Cards()
    for d in decks:
        for s in d.stratagems or ():
            cards.stratagems[s.id] = s
        cards.provinces += d.provinces or []
        cards.achievements += d.achievements or []
        cards.council_rewards += d.council_rewards or []
    return cards


def seats_problems(model: Scenario, ruleset: Ruleset | None) -> list[Problem]:
    out: list[Problem] = []
    n = len(model.seats)
    lo, hi = (ruleset.limits.min_players, ruleset.limits.max_players) if ruleset else (2, 5)
    if n == 1:
        out.append(Problem("PNM450", "1 seat: the rulebook has no solo rules; a game has 2 to 5 seats", ("seats",)))
    elif not lo <= n <= hi:
        out.append(Problem("PNM450", f"{n} seats; a game has {lo} to {hi}", ("seats",)))
    for what in ("colour", "leader"):
        seen: dict[str, int] = {}
        for i, s in enumerate(model.seats):
            v = same_key(getattr(s, what))
            if v in seen:
                out.append(Problem("PNM452", f"seat {i + 1} has the {what} {v!r} of seat {seen[v] + 1}",
                                   ("seats", i, what)))
            seen.setdefault(v, i)
    rounds = ruleset.limits.rounds if ruleset else 4
    for i, r in enumerate(model.untimed_rounds):
        if not 1 <= r <= rounds:
            out.append(Problem("PNM453", f"untimed round {r} does not exist (rounds 1 to {rounds})",
                               ("untimed_rounds", i)))
    return out


def cards_problems(model: Scenario, res_leaders: list[Leader | None], cards: Cards, ruleset: Ruleset,
                   problems: list[Problem]) -> None:
    for i, (seat, leader) in enumerate(zip(model.seats, res_leaders)):
        if leader is None:
            continue
        side = leader.sides.get(seat.side)
        if side is None:
            problems.append(Problem("PNM454", f"leader {seat.leader!r} has no {seat.side} side", ("seats", i, "side")))
            continue
        for sid in side.stratagems:
            if sid not in cards.stratagems:
                problems.append(Problem("PNM455", f"leader {seat.leader!r} ({seat.side}) names stratagem {sid!r}, "
                                        "which no deck of the scenario has", ("seats", i, "leader")))
        if not any("add_small_worker" in names(cards.stratagems[sid].effect)
                   for sid in side.stratagems if sid in cards.stratagems):
            problems.append(Problem("PNM541", f"leader {seat.leader!r} ({seat.side}) has no stratagem that adds a "
                                    "small worker: its 2 other small workers never come into play",
                                    ("seats", i, "leader"), Severity.WARNING))
    c, lim = ruleset.council, ruleset.limits
    normal = [r for r in cards.council_rewards if r.type not in ("final", "great_worker")]
    finals = [r for r in cards.council_rewards if r.type == "final"]
    need_normal = c.rewards_shown * (lim.rounds - 1)
    if len(normal) - c.rewards_removed < need_normal:
        problems.append(Problem("PNM456", f"{len(normal)} normal council rewards, {c.rewards_removed} removed: "
                                f"{lim.rounds - 1} councils need {need_normal}", ("decks",)))
    if len(finals) < c.rewards_shown:
        problems.append(Problem("PNM456", f"{len(finals)} final council rewards; the last council reveals "
                                f"{c.rewards_shown}", ("decks",), Severity.WARNING))
    if sum(r.type == "great_worker" for r in cards.council_rewards) > 1:
        problems.append(Problem("PNM456", "more than one great-worker council reward", ("decks",)))
    if len(cards.achievements) < lim.rounds:
        problems.append(Problem("PNM456", f"{len(cards.achievements)} achievements; every round reveals one "
                                f"({lim.rounds} rounds)", ("decks",)))
    if len(cards.provinces) < ruleset.provinces.display:
        problems.append(Problem("PNM456", f"{len(cards.provinces)} provinces; the display alone shows "
                                f"{ruleset.provinces.display}", ("decks",)))
    for r in cards.council_rewards:
        if r.type == "permanent_stratagem" and "waive_gold" in names(r.effect) and r.timing != "with_action":
            problems.append(Problem("PNM446", f"reward {r.id!r}: skipping an action's gold is played `with_action`",
                                    ("decks",)))


def resolve(model: Scenario, ctx: CheckContext | None = None) -> tuple[ResolvedScenario | None, list[Problem]]:
    """Follow every reference; the problems say what could not be followed or does not fit."""
    return _resolve(model, ctx, reference_problems(KIND, model, ctx))


def _resolve(model: Scenario, ctx: CheckContext | None, problems: list[Problem]):
    """The scenario's own checks on the models its references name (None where one cannot be followed:
    the shared resolver's reference stage says why)."""
    found: dict[str, Any] = {}
    problems += _problems(model, ctx, found)
    if any(p.severity is Severity.ERROR for p in problems) or not found:
        return None, problems
    return ResolvedScenario(model, found["ruleset"], found["board"], found["side"], found["leaders"],
                            found["decks"], found["cards"]), problems


def _problems(model: Scenario, ctx: CheckContext | None, found: dict[str, Any]) -> Iterator[Problem]:
    """The problems of a scenario, lazily: linear in the file however often it names one file (each
    distinct reference is followed once, a deck named again is one problem and counts once), and a
    caller that stops reading stops the work. `found` gets the followed models when all could be."""
    ruleset = model_of(model.ruleset, RULESET, ctx)
    yield from seats_problems(model, ruleset)
    board = model_of(model.board, BOARD, ctx)
    leaders = models_of((s.leader for s in model.seats), LEADER, ctx)
    named = models_of(model.decks, DECK, ctx)
    if not model.decks:
        yield Problem("PNM456", "no deck: a game needs provinces, achievements and council rewards", ("decks",))
    first: dict[int, int] = {}  # a deck file (its model) -> where the scenario named it first
    decks: list[Deck | None] = []
    for i, d in enumerate(named):
        if d is not None and id(d) in first:
            yield Problem("PNM458", f"deck {model.decks[i]!r} is named again (first as deck {first[id(d)] + 1}): "
                          "a deck's cards are in a game once", ("decks", i))
            continue
        if d is not None:
            first[id(d)] = i
        decks.append(d)
    if len(model.decks) > MAX_DECKS and len(decks) == len(model.decks):  # names repeated: said above
        yield Problem("PNM459", f"{len(model.decks)} decks; a scenario names at most {MAX_DECKS}", ("decks", MAX_DECKS))
    side = board.side_for(len(model.seats)) if board is not None else None
    if board is not None and side is None:
        yield Problem("PNM451", f"board {model.board!r} has no side for {len(model.seats)} players", ("board",))
    if ruleset is None or None in decks:
        return
    cards = join_decks(decks)  # type: ignore[arg-type]  # None is not in decks
    ids: dict[str, int] = {}
    for d in decks:
        i = first[id(d)]
        again = [c.id for key in ("stratagems", "provinces", "achievements", "council_rewards")
                 for c in getattr(d, key) or () if c.id in ids and ids[c.id] != i]
        if again:
            more = f" and {len(again) - 1} more" if len(again) > 1 else ""
            yield Problem("PNM457", f"card {again[0]!r}{more} in deck {i + 1} also in deck {ids[again[0]] + 1}",
                          ("decks", i))
        for key in ("stratagems", "provinces", "achievements", "council_rewards"):
            for c in getattr(d, key) or ():
                ids.setdefault(c.id, i)
    out: list[Problem] = []
    cards_problems(model, leaders, cards, ruleset, out)
    yield from out
    if board is not None and side is not None and None not in leaders:
        found.update(ruleset=ruleset, board=board, side=side, leaders=list(leaders), decks=list(decks), cards=cards)


def check_scenario(model: Scenario, ctx: CheckContext) -> Iterable[Problem]:
    return _problems(model, ctx, {})  # the loader's reference stage has reported the references


def resolve_embedded(model: Scenario, ruleset: Ruleset, board: Board, leaders: list[Leader],
                     decks: list[Deck]) -> tuple[ResolvedScenario | None, list[Problem]]:
    """The same checks for files embedded in a saved game (no references to follow)."""
    problems: list[Problem] = seats_problems(model, ruleset)
    for name, m, fn in (("ruleset", ruleset, check_ruleset), ("board", board, check_board)):
        problems += [Problem(p.code, p.message, (name, *p.path), p.severity) for p in fn(m, CheckContext())]
    for i, l in enumerate(leaders):
        problems += [Problem(p.code, p.message, ("leaders", i, *p.path), p.severity)
                     for p in check_leader(l, CheckContext())]
    for i, d in enumerate(decks):
        problems += [Problem(p.code, p.message, ("decks", i, *p.path), p.severity)
                     for p in check_deck(d, CheckContext())]
    if len(leaders) != len(model.seats):
        problems.append(Problem("PNM451", f"{len(leaders)} leaders for {len(model.seats)} seats", ("leaders",)))
    side = board.side_for(len(model.seats))
    cards = join_decks(decks)
    cards_problems(model, list(leaders), cards, ruleset, problems)
    problems = [p for p in problems if p.severity is Severity.ERROR]
    if problems or side is None:
        return None, problems
    return ResolvedScenario(model, ruleset, board, side, list(leaders), list(decks), cards), problems


SPEC = register(KindSpec(
    kind=KIND, version=VERSION, model=Scenario, suffix=".scn.yaml", title="Pendulum scenario",
    description="A Pendulum game: ruleset, board, decks, and per seat a leader, its side and colour; rounds without "
    "active sandglasses; the advanced variant per player.",
    checks=(check_scenario,),
))
