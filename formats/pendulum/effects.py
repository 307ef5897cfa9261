"""The one effect language of Pendulum: every cost and every reward on boards, cards and leaders.

Rulebook, "Erklärung der Aktionsfelder und Karten": costs and rewards "funktionieren immer gleich",
wherever they are printed. A cost is an `Amounts` plus `any` (N resources in any mix of military,
gold and culture; "Stimmen gelten nicht als Rohstoff"). A reward (an `Effect`) is a list of items:

    - gain: {military: 3, power: 1}   # resources, votes and VP
    - any: 2                          # 2 resources of any mix (never votes)
    - any_vp: 1                       # 1 VP on a track of choice (never Legendary)
    - produce: red                    # the production of one colour (board symbol + provinces)
    - conquer                         # conquer a province (display or deck)
    - retrieve                        # take all discarded stratagems back
    - recall                          # take a worker out of a sandglass row, may re-place it
    - add_small_worker                # bring a small worker into play (at most 4 workers)
    - swap_vp                         # move exactly 1 VP to another track (not Legendary)
    - waive_gold                      # skip the 2 gold of a purple or green action (never black's 4)
    - great_worker                    # swap a small worker for the waiting large one
    - column_limit_plus               # columns hold one more province in every council
    - legendary_vp                    # the Legendary Achievement point
    - adjacent_action                 # also take an adjacent space's action, paying it (an advanced leader's hook)

`card_text` renders a cost and an effect as a card shows them: "Kosten auf Karten werden vor einem
schwarzen Pfeil angezeigt".
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from ..model_base import FileModel

RESOURCES = ("military", "culture", "gold")
TRACKS = ("power", "prestige", "popularity")
#: production / banner colours and what each stands for (rulebook, Spielende: "Militär für Stärke ...")
COLOURS = ("red", "blue", "yellow")
COLOUR_RESOURCE = {"red": "military", "blue": "culture", "yellow": "gold"}
COLOUR_TRACK = {"red": "power", "blue": "prestige", "yellow": "popularity"}
AREAS = ("purple", "green", "black")
BARE_EFFECTS = ("conquer", "retrieve", "recall", "add_small_worker", "swap_vp", "waive_gold", "great_worker",
                "column_limit_plus", "legendary_vp", "adjacent_action")
BareEffect = Literal["conquer", "retrieve", "recall", "add_small_worker", "swap_vp", "waive_gold", "great_worker",
                     "column_limit_plus", "legendary_vp", "adjacent_action"]
Colour = Literal["red", "blue", "yellow"]

_N = dict(ge=0, le=99)


class Amounts(FileModel):
    """Resources, votes and victory points (any key may be left out: 0)."""

    military: int = Field(0, description="Military (red resource).", **_N)
    culture: int = Field(0, description="Culture (blue resource).", **_N)
    gold: int = Field(0, description="Gold (yellow resource).", **_N)
    votes: int = Field(0, description="Votes (not a resource; unlimited).", **_N)
    power: int = Field(0, description="VP on the Power track (red).", **_N)
    prestige: int = Field(0, description="VP on the Prestige track (blue).", **_N)
    popularity: int = Field(0, description="VP on the Popularity track (yellow).", **_N)

    def items(self) -> list[tuple[str, int]]:
        return [(k, v) for k, v in ((k, getattr(self, k)) for k in AMOUNT_KEYS) if v]

    def is_zero(self) -> bool:
        return not self.items()


AMOUNT_KEYS = ("military", "culture", "gold", "votes", "power", "prestige", "popularity")


class Cost(Amounts):
    """A cost: fixed amounts plus `any` resources of the payer's choice (never votes)."""

    any: int = Field(0, description="Resources of any mix of military, gold and culture.", **_N)

    def items(self) -> list[tuple[str, int]]:
        return super().items() + ([("any", self.any)] if self.any else [])


class Gain(FileModel):
    gain: Amounts = Field(description="Take these resources, votes and VP.")


class AnyResources(FileModel):
    any: int = Field(description="Take this many resources in any mix of military, gold and culture (never votes).",
                     ge=1, le=99)


class AnyVp(FileModel):
    any_vp: int = Field(description="Take this many VP on tracks of your choice (never Legendary).", ge=1, le=99)


class Produce(FileModel):
    produce: Colour = Field(description="Production of this colour: the symbol on your board plus every province "
                            "in that column.")


EffectItem = Union[BareEffect, Gain, AnyResources, AnyVp, Produce]
Effect = list[EffectItem]


def effect_field(description: str) -> dict:
    return dict(default_factory=list, description=description)


def item_name(item: EffectItem) -> str:
    """The item's name in the language: a bare word, or the key of its one-key mapping."""
    if isinstance(item, str):
        return item
    return next(iter(type(item).model_fields))


def names(effect: Effect) -> list[str]:
    return [item_name(i) for i in effect]


# --- card text -------------------------------------------------------------------------------------

ARROW = "➜"  # the black arrow: costs are printed before it
_LABEL = {"military": "military", "culture": "culture", "gold": "gold", "votes": "vote", "power": "Power",
          "prestige": "Prestige", "popularity": "Popularity", "any": "any resource"}
_PLURAL = {"vote": "votes", "any resource": "any resources"}
_BARE_TEXT = {
    "conquer": "conquer a province",
    "retrieve": "retrieve all stratagems",
    "recall": "recall a worker",
    "add_small_worker": "add a small worker",
    "swap_vp": "move 1 VP to another track",
    "waive_gold": "skip the gold of a purple or green action",
    "great_worker": "swap a small worker for a large one",
    "column_limit_plus": "+1 province per column in every council",
    "legendary_vp": "the Legendary Achievement",
    "adjacent_action": "use an adjacent action",
}


def _amount(key: str, n: int) -> str:
    label = _LABEL[key]
    if n != 1:
        label = _PLURAL.get(label, label)
    return f"{n} {label}"


def amounts_text(a: Amounts) -> str:
    return ", ".join(_amount(k, v) for k, v in a.items())


def effect_text(effect: Effect) -> str:
    parts: list[str] = []
    for item in effect:
        if isinstance(item, str):
            parts.append(_BARE_TEXT[item])
        elif isinstance(item, Gain):
            parts.append(amounts_text(item.gain) or "nothing")
        elif isinstance(item, AnyResources):
            parts.append(_amount("any", item.any))
        elif isinstance(item, AnyVp):
            parts.append(f"{item.any_vp} VP of your choice")
        elif isinstance(item, Produce):
            parts.append(f"{item.produce} production")
    return "; ".join(parts) or "nothing"


def card_text(cost: Cost | None, effect: Effect) -> str:
    """A card's text: the cost before the black arrow, then the reward (rulebook: "Kosten auf
    Karten werden vor einem schwarzen Pfeil angezeigt")."""
    body = effect_text(effect)
    if cost is None or not cost.items():
        return body
    return f"{', '.join(_amount(k, v) for k, v in cost.items())} {ARROW} {body}"
