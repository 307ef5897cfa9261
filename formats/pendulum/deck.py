"""`pendulum.deck` v1: cards — stratagems, provinces, achievements and council rewards.

A deck file holds any of the four lists; a scenario names the deck files it plays with, and their
lists are joined. The rulebook's counts are 40 stratagems, 56 provinces, 10 achievements and
25 council rewards + 5 finals + 1 great worker; a deck that has a list with another count gets a
warning (designers may make smaller or bigger decks on purpose).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..model_base import FileModel, schema_only
from ..registry import CheckContext, KindSpec, register
from ..identifiers import invisible, same_key
from .board import ID_PATTERN
from .effects import COLOUR_RESOURCE, Amounts, Colour, Cost, Effect, effect_field, names

KIND = "pendulum.deck"
VERSION = 1
BOOK_COUNTS = {"stratagems": 40, "provinces": 56, "achievements": 10}
BOOK_COUNCIL = {"normal": 25, "final": 5, "great_worker": 1}
_ID = dict(description="Unique in the decks of a game.", **schema_only(pattern=ID_PATTERN))


class Stratagem(FileModel):
    id: str = Field(**_ID)
    name: str = Field(min_length=1, max_length=64)
    cost: Cost = Field(default_factory=Cost, description="Paid before the effect.")
    effect: Effect = Field(**effect_field("What playing it gives."))
    timing: Literal["anytime", "with_action"] = Field(
        "anytime", description="`with_action`: played while performing a worker action (e.g. skip its gold).")


class Province(FileModel):
    id: str = Field(**_ID)
    name: str = Field(min_length=1, max_length=64)
    card_colour: Literal["mixed", "red", "blue", "yellow", "purple"] = Field(
        "mixed", description="A mono-coloured card produces one thing only: red military, blue culture, yellow gold, "
        "purple votes.")
    productions: dict[Colour, Amounts] = Field(description="What the card adds to each colour's production, "
                                               "depending on the column it is tucked under.")


class Requirement(FileModel):
    military: int = Field(0, ge=0, le=99)
    culture: int = Field(0, ge=0, le=99)
    gold: int = Field(0, ge=0, le=99)
    votes: int = Field(0, ge=0, le=99)


class Achievement(FileModel):
    id: str = Field(**_ID)
    name: str = Field(min_length=1, max_length=64)
    requires: Requirement = Field(description="Held (not paid) to claim it.")
    slots: int | None = Field(None, ge=1, le=5, description="Marker spots; none printed = one per player.")
    banner: Effect = Field(**effect_field("The banner reward (instead of the Legendary marker)."))


class CouncilReward(FileModel):
    id: str = Field(**_ID)
    name: str = Field(min_length=1, max_length=64)
    type: Literal["immediate", "permanent_stratagem", "final", "great_worker", "kept"] = Field(
        description="immediate (red border: resolve, remove), permanent_stratagem (blue border: to the hand), "
        "final (council 4: pay, gain, remove), great_worker (the face-up card of the council board), kept (resolve "
        "and keep beside the board: the province limit).")
    cost: Cost = Field(default_factory=Cost, description="Finals: paid when chosen; one that cannot be paid "
                       "cannot be chosen.")
    effect: Effect = Field(**effect_field("What choosing (or, for a permanent stratagem, playing) it gives."))
    timing: Literal["anytime", "with_action"] = Field("anytime", description="For permanent stratagems.")


class Deck(FileModel):
    kind: Literal["pendulum.deck"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64)
    description: str = ""
    stratagems: list[Stratagem] | None = Field(None, **schema_only(maxItems=200))
    provinces: list[Province] | None = Field(None, **schema_only(maxItems=200))
    achievements: list[Achievement] | None = Field(None, **schema_only(maxItems=100))
    council_rewards: list[CouncilReward] | None = Field(None, **schema_only(maxItems=200))


MONO = {"red": "military", "blue": "culture", "yellow": "gold", "purple": "votes"}


def province_problems(p: Province, path: tuple) -> list[Problem]:
    out: list[Problem] = []
    for c in COLOUR_RESOURCE:
        if c not in p.productions:
            out.append(Problem("PNM441", f"province {p.id!r} has no {c} production banner", (*path, "productions")))
    if p.card_colour != "mixed":
        only = MONO[p.card_colour]
        for c, a in p.productions.items():
            other = [k for k, v in a.items() if k not in (only, "power", "prestige", "popularity")]
            if other:
                out.append(Problem("PNM442", f"province {p.id!r} is a {p.card_colour} card: its banners show only "
                                   f"{only} (and VP), not {other[0]}", (*path, "productions", c)))
    return out


def reward_problems(r: CouncilReward, path: tuple) -> list[Problem]:
    out: list[Problem] = []
    n = names(r.effect)
    if r.type == "great_worker" and n != ["great_worker"]:
        out.append(Problem("PNM443", f"reward {r.id!r}: the great-worker card's effect is `great_worker`", (*path, "effect")))
    if r.type != "great_worker" and "great_worker" in n:
        out.append(Problem("PNM443", f"reward {r.id!r}: only the great-worker card swaps a worker", (*path, "effect")))
    if r.type == "kept" and "column_limit_plus" not in n:
        out.append(Problem("PNM443", f"reward {r.id!r}: a kept card raises the column limit (`column_limit_plus`)",
                           (*path, "effect")))
    if "column_limit_plus" in n and r.type != "kept":
        out.append(Problem("PNM443", f"reward {r.id!r}: `column_limit_plus` is kept beside the board (type kept)",
                           (*path, "type")))
    if "legendary_vp" in n and r.type != "final":
        out.append(Problem("PNM443", f"reward {r.id!r}: the Legendary VP is a final council reward only", (*path, "effect")))
    if r.type != "final" and not r.cost.is_zero() and r.type != "permanent_stratagem":
        out.append(Problem("PNM444", f"reward {r.id!r}: only finals and permanent stratagems have a cost", (*path, "cost")))
    if not r.effect:
        out.append(Problem("PNM445", f"reward {r.id!r} gives nothing", (*path, "effect")))
    return out


def check_deck(model: Deck, ctx: CheckContext) -> Iterable[Problem]:
    out: list[Problem] = []
    seen: dict[str, tuple] = {}
    for key in ("stratagems", "provinces", "achievements", "council_rewards"):
        cards = getattr(model, key)
        if cards is None:
            continue
        for i, c in enumerate(cards):
            at = invisible(c.id)
            if at is not None:
                out.append(Problem("PNM447", f"card id {c.id!r} has an invisible character (U+{ord(c.id[at]):04X}) "
                                   f"at position {at + 1}: it would look like another id", (key, i, "id")))
            same = same_key(c.id)
            if same in seen:
                out.append(Problem("PNM440", f"card id {c.id!r} is used twice", (key, i, "id")))
            seen[same] = (key, i)
        want = BOOK_COUNTS.get(key)
        if want is not None and len(cards) != want:
            out.append(Problem("PNM540", f"{len(cards)} {key}; the rulebook has {want}", (key,), Severity.WARNING))
    for i, s in enumerate(model.stratagems or ()):
        if not s.effect:
            out.append(Problem("PNM445", f"stratagem {s.id!r} gives nothing", ("stratagems", i, "effect")))
        if "waive_gold" in names(s.effect) and s.timing != "with_action":
            out.append(Problem("PNM446", f"stratagem {s.id!r}: skipping an action's gold is played `with_action`",
                               ("stratagems", i, "timing")))
    for i, p in enumerate(model.provinces or ()):
        out += province_problems(p, ("provinces", i))
    for i, a in enumerate(model.achievements or ()):
        if not a.banner:
            out.append(Problem("PNM445", f"achievement {a.id!r} has no banner reward", ("achievements", i, "banner")))
        if "legendary_vp" in names(a.banner):
            out.append(Problem("PNM443", f"achievement {a.id!r}: the Legendary VP is the marker, not a banner",
                               ("achievements", i, "banner")))
    if model.council_rewards is not None:
        for i, r in enumerate(model.council_rewards):
            out += reward_problems(r, ("council_rewards", i))
        got = {"normal": 0, "final": 0, "great_worker": 0}
        for r in model.council_rewards:
            got["final" if r.type == "final" else "great_worker" if r.type == "great_worker" else "normal"] += 1
        for k, want in BOOK_COUNCIL.items():
            if got[k] != want:
                out.append(Problem("PNM540", f"{got[k]} {k.replace('_', ' ')} council rewards; the rulebook has {want}",
                                   ("council_rewards",), Severity.WARNING))
        if sum(r.type == "kept" for r in model.council_rewards) > 1:
            pass  # several kept cards are allowed; a player may hold one ("kein weiteres Mal")
    return out


SPEC = register(KindSpec(
    kind=KIND, version=VERSION, model=Deck, suffix=".deck.yaml", title="Pendulum deck",
    description="Pendulum cards: stratagems, provinces, achievements and council rewards, with costs and rewards "
    "in the one effect language.",
    checks=(check_deck,),
))
