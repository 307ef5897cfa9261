"""`pendulous.ruleset` v1: every number of the Pendulous rules (manual 2.x), so variants need no code.

The bundled default is content/pendulous/default.rules.yaml. Where the manual is silent the project
decided, and docs/rules/pendulous.md says which parameter holds each decision.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem
from ..limits import MAX_GRID_SIDE, MAX_SCALAR_CHARS
from ..model_base import FileModel
from ..registry import CheckContext, KindSpec, register

KIND = "pendulous.ruleset"
VERSION = 1

#: upper bounds (docs/rules/pendulous.md, "Bounds"): far above any playable value, low enough that
#: no file makes the engine loop, allocate or add up without end
MAX_POINTS = 100_000  # combat points of one term, percents
MAX_COST = 100  # resource points per action
MAX_ACTIONS = 100_000  # actions in one turn


class AttackerPoints(FileModel):
    """Manual 2.7, attacker points."""

    attacking_army: int = Field(10, ge=0, le=MAX_POINTS, description="The army being placed on the enemy square.")
    adjacent_army: int = Field(5, ge=0, le=MAX_POINTS, description="Each of the attacker's armies next to the target.")
    naval_invasion: int = Field(2, ge=0, le=MAX_POINTS, description="An army invading from a port city across water.")
    adjacent_city: int = Field(3, ge=0, le=MAX_POINTS, description="Each of the attacker's cities next to the target.")


class DefenderPoints(FileModel):
    """Manual 2.7, defender points."""

    land: int = Field(2, ge=0, le=MAX_POINTS, description="The target is a land square.")
    army_on_square: int = Field(15, ge=0, le=MAX_POINTS, description="An army stands on the target square.")
    adjacent_army: int = Field(5, ge=0, le=MAX_POINTS, description="Each of the defender's armies next to the target.")
    city: int = Field(25, ge=0, le=MAX_POINTS, description="The target is a city square.")
    adjacent_city: int = Field(5, ge=0, le=MAX_POINTS, description="Each of the defender's cities next to the target.")
    unsupplied: int = Field(
        0, ge=0, le=MAX_POINTS, description="Points of an unsupplied target square (manual: 0, no support is given)."
    )


class Combat(FileModel):
    attacker: AttackerPoints = Field(default_factory=AttackerPoints)
    defender: DefenderPoints = Field(default_factory=DefenderPoints)
    successive_attack_bonus_percent: int = Field(
        25, ge=0, le=MAX_POINTS, description="Attacker bonus per earlier successive attack on the same square."
    )
    # --- how the manual's words are read, and decisions where it is silent (docs/rules/pendulous.md) ---
    successive_attacks: Literal["consecutive", "turn"] = Field(
        "consecutive",
        description="Which earlier attacks count for the bonus: only an unbroken run of the player's attacks "
        "on the square (`consecutive`, the manual's 'attacks the same square successivly'), or every earlier "
        "attack by the player on the square in this turn (`turn`). The count starts again every turn.",
    )
    naval_army: Literal["replace", "add"] = Field(
        "replace",
        description="A naval invader is worth `attacker.naval_invasion` instead of `attacker.attacking_army` "
        "(`replace`), or both together (`add`).",
    )
    defender_city_support: Literal["once", "per_city"] = Field(
        "once",
        description="`defender.adjacent_city` counts once when the target is next to any defender city "
        "(`once`, 2.7 '5 Points if target square is next to defender city'), or once per such city (`per_city`).",
    )
    defender_loss_without_army: Literal["pool_then_map", "pool", "none"] = Field(
        "pool_then_map",
        description="What a defender who loses a square with no army on it (empty land, a city) loses "
        "besides the square (2.7 'The loser of the battle will lose an army'): one army from its force pool, "
        "or when that is empty one from the map, next to the target first (`pool_then_map`); one from the "
        "force pool only when it has one (`pool`); nothing (`none`).",
    )
    army_after_city_capture: Literal["pool", "lost"] = Field(
        "pool",
        description="Cities hold no armies: the army that captured a city goes back to the force pool "
        "(`pool`) or is used up (`lost`).",
    )
    unsupplied_target_gets_support: bool = Field(
        False, description="Whether an unsupplied target square receives support from adjacent armies and cities."
    )
    attacker_unsupplied_armies_support: bool = Field(
        True,
        description="Whether the attacker's armies on its own unsupplied squares support its attacks next to "
        "them (2.5 'Armies on the map next to an enemy square being attacked support in the attack').",
    )
    defender_unsupplied_armies_support: bool = Field(
        True,
        description="Whether the defender's armies on its unsupplied squares support the defence of a supplied "
        "square next to them (2.5 'Armies next to a friendly square being attacked add 5 points').",
    )


class Supply(FileModel):
    """Manual 2.8 and the decisions it leaves open."""

    live_during_turn: bool = Field(
        False,
        description="Recompute supply after every capture (true), or only at the end of each player's "
        "turn and after reversion, as the manual says squares become unsupplied at the end of a turn "
        "(false). A captured square is supplied when it is a city or touches a supplied square of its "
        "new owner.",
    )
    reversion_cascades: bool = Field(
        False,
        description="At the start of a turn, whether squares that just reverted pass reversion on to the "
        "unsupplied enemy squares next to them in the same turn (the manual: ownership 'starts to revert').",
    )
    disband_in_setup_turn: bool = Field(
        True, description="Whether the end-of-turn supply check disbands armies in the setup turn too."
    )
    reversion_in_setup_turn: bool = Field(
        True,
        description="Whether reversion (2.8 'At the start of each players turn') also happens at the start "
        "of each seat's setup turn, to enemy unsupplied squares of the starting map.",
    )


class Turns(FileModel):
    """Manual 2.3/2.4 and the decisions they leave open."""

    victory_points_in_setup_turn: bool = Field(
        True,
        description="Whether victory points are also accumulated at the start of each seat's setup turn "
        "(2.3 'At the start of each players turn'; 2.4 'The first turn in a game is the setup turn').",
    )
    reinforcements_over_maximum: Literal["none", "cap"] = Field(
        "none",
        description="When the reinforcement rate would exceed maximum forces: none that turn (`none`, 3.1.1 "
        "'Reinforcements will not be given to the player that would cause the army count to exceed this "
        "maximum') or as many as fit (`cap`).",
    )
    max_actions_per_turn: int = Field(
        1000,
        ge=0,
        le=MAX_ACTIONS,
        description="Safety limit: after this many actions in one turn only End Turn is legal (0 = no "
        "limit). The manual has none; placing and picking up for free (the setup turn) could otherwise "
        "loop forever. Where it applies is `action_limit`.",
    )
    action_limit: Literal["free_turns", "every_turn"] = Field(
        "free_turns",
        description="`free_turns`: the limit applies only in turns where placing and picking up both cost "
        "nothing (the setup turn), as 2.5 says 'Armies can be reused any number of times in a game turn as "
        "long as resource points are available'; `every_turn`: in every turn.",
    )


class Costs(FileModel):
    """Manual 2.5/2.6: resource points per action."""

    place: int = Field(1, ge=0, le=MAX_COST, description="Placing an army on an owned square.")
    pick_up: int = Field(1, ge=0, le=MAX_COST, description="Picking an army up into the force pool.")
    attack: int = Field(1, ge=0, le=MAX_COST, description="Placing an army on an enemy square, win or lose.")
    setup_turn_free: bool = Field(True, description="Placing and picking up cost nothing in the setup turn.")


class Limits(FileModel):
    """Limits of scenarios played under this ruleset (manual 2.2, 4.2.3, 4.2.5)."""

    max_map_width: int = Field(50, ge=1, le=MAX_GRID_SIDE, description="Widest map, in squares.")
    max_map_height: int = Field(50, ge=1, le=MAX_GRID_SIDE, description="Tallest map, in squares.")
    min_players: int = Field(2, ge=1, le=4)
    max_players: int = Field(4, ge=1, le=4, description="At most four seats: red, gray, green, blue.")
    description_max_length: int = Field(256, ge=0, le=MAX_SCALAR_CHARS, description="Characters in a scenario description.")
    armies_per_land_square: int = Field(1, ge=1, le=MAX_COST, description="A land square holds at most this many armies.")


class Ruleset(FileModel):
    kind: Literal["pendulous.ruleset"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64)
    description: str = ""
    combat: Combat = Field(default_factory=Combat)
    costs: Costs = Field(default_factory=Costs)
    limits: Limits = Field(default_factory=Limits)
    supply: Supply = Field(default_factory=Supply)
    turns: Turns = Field(default_factory=Turns)


def default() -> Ruleset:
    """The manual's numbers (the model's defaults): what a scenario plays under when the bundled
    default ruleset is not installed."""
    return Ruleset(kind=KIND, version=VERSION, name="default")


def check_ruleset(rules: Ruleset, ctx: CheckContext) -> Iterator[Problem]:
    if rules.limits.min_players > rules.limits.max_players:
        yield Problem("PND421", f"min_players ({rules.limits.min_players}) exceeds max_players "
                      f"({rules.limits.max_players})", ("limits", "min_players"))


RULESET = register(KindSpec(
    kind=KIND,
    version=VERSION,
    model=Ruleset,
    suffix=".rules.yaml",
    title="Pendulous ruleset",
    description="Every number of the Pendulous rules (manual 2.x): combat points, costs and limits.",
    checks=(check_ruleset,),
))
