"""`kongbots.ruleset` v1: every number of the Kongbots rules, and every choice the manual leaves open.

The defaults are the manual's numbers (content/kongbots/default.rules.yaml says them again, as a
file a designer copies). Where the manual is silent or ambiguous, docs/rules/kongbots.md records the
decision and names the parameter below that holds it.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem, Severity
from ..model_base import FileModel
from ..registry import CheckContext, KindSpec, register
from .modules import CLASSES, CODES, NAME, PLURAL

KIND = "kongbots.ruleset"
VERSION = 1

#: "Maximum Equipment Loads for Gladiatorial Kongbots" (scout, warrior, marauder)
GLADIATORIAL = {
    "Ro": (3, 5, 8),
    "Cl": (2, 4, 6),
    "Lr": (2, 4, 6),
    "LA": (1, 3, 4),
    "ML": (1, 2, 3),
    "AP": (1, 2, 3),
    "Ls": (2, 3, 5),
    "EC": (0, 1, 1),
}


#: upper bounds of the numbers that drive loops (a roll per warhead, a hit per direct hit) or that
#: are compared with dice totals: far above any playable value, low enough that no file can make the
#: engine loop for long (docs/rules/kongbots.md, "Bounds")
MAX_LIMIT = 72  # modules of one type: 6 tenders x 12 interfaces
MAX_HITS = 20  # warheads per missile, direct hits of one missile
MAX_TOTAL = 200  # a dice total and the terms added to one (6 dice of 20 sides make 120)


class ClassLimits(FileModel):
    """How many modules of one type a build of each class may carry."""

    scout: int = Field(ge=0, le=MAX_LIMIT, description="Limit for scout class Kongbots.")
    warrior: int = Field(ge=0, le=MAX_LIMIT, description="Limit for warrior class Kongbots.")
    marauder: int = Field(ge=0, le=MAX_LIMIT, description="Limit for marauder class Kongbots.")

    def of(self, chassis: str) -> int:
        return getattr(self, chassis)


class ModuleType(FileModel):
    """One of the eight standard module types."""

    name: str = Field(min_length=1, max_length=40, description="Singular name, for messages.")
    plural: str = Field(min_length=1, max_length=40, description="Plural name, for messages.")
    limits: ClassLimits = Field(description="The gladiatorial limit per chassis class.")


def _module(code: str):
    s, w, m = GLADIATORIAL[code]
    return Field(default_factory=lambda: ModuleType(name=NAME[code], plural=PLURAL[code],
                                                    limits=ClassLimits(scout=s, warrior=w, marauder=m)),
                 description=f"{NAME[code].capitalize()} ({code}); gladiatorial limits {s}/{w}/{m}.")


class Modules(FileModel):
    """The eight module types by code, with the "Maximum Equipment Loads for Gladiatorial Kongbots"."""

    Ro: ModuleType = _module("Ro")
    Cl: ModuleType = _module("Cl")
    Lr: ModuleType = _module("Lr")
    LA: ModuleType = _module("LA")
    ML: ModuleType = _module("ML")
    AP: ModuleType = _module("AP")
    Ls: ModuleType = _module("Ls")
    EC: ModuleType = _module("EC")

    def limit(self, code: str, chassis: str) -> int:
        return getattr(self, code).limits.of(chassis)


class Chassis(FileModel):
    """A chassis class: its equipment tenders and how its retros count for movement."""

    tenders: int = Field(ge=1, le=6, description="Equipment tenders (six module interfaces each).")
    retro_factor: int = Field(1, ge=1, le=5, description="Each retro counts this many times when deciding "
                              "in which pulses the Kongbot may move (manual: scouts count each retro as two).")


class Classes(FileModel):
    scout: Chassis = Field(default_factory=lambda: Chassis(tenders=1, retro_factor=2))
    warrior: Chassis = Field(default_factory=lambda: Chassis(tenders=2))
    marauder: Chassis = Field(default_factory=lambda: Chassis(tenders=3))

    def of(self, chassis: str) -> Chassis:
        return getattr(self, chassis)


class Dice(FileModel):
    """What a "dice total" is: the manual's hit table needs two six-sided dice (5 + distance, 10 + distance)."""

    count: int = Field(2, ge=1, le=6, description="Dice thrown for one attack roll.")
    sides: int = Field(6, ge=2, le=20, description="Sides of every die.")


class Lasers(FileModel):
    """Phase 3 and its hit table: "5 + distance, -1 for every aimer, +1 for every shield"."""

    vs_kongbot: int = Field(5, ge=-MAX_TOTAL, le=MAX_TOTAL, description="Base dice total needed against a Kongbot.")
    vs_missile: int = Field(10, ge=-MAX_TOTAL, le=MAX_TOTAL, description="Base dice total needed against a missile.")
    per_hex: int = Field(1, ge=-MAX_TOTAL, le=MAX_TOTAL, description="Added per hex of distance.")
    per_aimer: int = Field(-1, ge=-MAX_TOTAL, le=MAX_TOTAL, description="Added per laser aimer on the firing Kongbot.")
    per_shield: int = Field(1, ge=-MAX_TOTAL, le=MAX_TOTAL, description="Added per laser shield on the target Kongbot.")
    roll: Literal["per_laser", "once"] = Field(
        "per_laser", description="Each laser rolls for its own hit (`per_laser`), or one roll decides whether "
        "every laser hits (`once`). The manual: all lasers fire 'at the same target, and at the same time'.")
    at_missiles: bool = Field(True, description="Whether lasers may fire at enemy missiles.")


class Missiles(FileModel):
    """Phases 2 and 4."""

    hits_outside_ecm: int = Field(2, ge=0, le=MAX_HITS, description="Direct hits of an exploding missile outside ECM ('automatic').")
    warheads: int = Field(2, ge=1, le=MAX_HITS, description="Warheads per missile; inside ECM each rolls.")
    need_inside_ecm: int = Field(7, ge=-MAX_TOTAL, le=MAX_TOTAL, description="Dice total per warhead inside an ECM field.")
    hexes_per_pulse: int = Field(1, ge=1, le=10, description="Hexes a missile moves in each missile movement phase.")
    launches_per_phase: int = Field(1, ge=0, le=10, description="Missiles one Kongbot may launch in one launch phase "
                                    "(0 = all its loaded launchers).")
    explode_when_target_enters: bool = Field(
        True, description="A missile also explodes when its target moves into the missile's hex (not only when "
        "the missile enters the target's).")


class Ecm(FileModel):
    radius: int = Field(1, ge=0, le=5, description="An ECM protects its own hex and every hex this close "
                        "(manual: 'the hex they are in as well as the six adjacent hexes').")
    works_when_malfunctioning: bool = Field(True, description="Whether a malfunctioning Kongbot's ECM still protects.")


class Claws(FileModel):
    need: int = Field(6, ge=-MAX_TOTAL, le=MAX_TOTAL, description="Dice total per claw for a direct hit ('6 or greater').")


class Plates(FileModel):
    absorbs: Literal["hit", "attack"] = Field(
        "hit", description="An armor plate absorbs a claw or missile attack that scores a hit (`hit`), or any "
        "such attack, hit or miss (`attack`).")
    claw_destroyed: bool = Field(True, description="Clawing a plated Kongbot destroys the claw too.")


class Damage(FileModel):
    destroys: Literal["random", "last_slot"] = Field(
        "random", description="Which module a direct hit destroys: one at random among the remaining modules "
        "(empty launchers included), or the one in the highest-numbered occupied interface (`last_slot`).")


class Malfunction(FileModel):
    """Phase 1: 'fewer than one half of the number of modules it started with'."""

    below_half_of: Literal["started", "capacity"] = Field(
        "started", description="Half of the modules the Kongbot started with, or of its capacity (6 per tender, as "
        "in the manual's examples: 'when a Scout has less than three modules').")
    dice_per_tender: int = Field(1, ge=1, le=3, description="Dice rolled per equipment tender.")
    roll: Literal["total", "any_die"] = Field(
        "total", description="The dice total is compared with the modules remaining (`total`), or each die alone "
        "(`any_die`: one die above the count is a malfunction).")
    surrender_after: int = Field(3, ge=1, le=20, description="Consecutive malfunctioning turns that force a "
                                 "surrender.")
    behaviour: Literal["erratic", "idle"] = Field(
        "erratic", description="A malfunctioning Kongbot takes no orders; `erratic`: in each of its phases it does "
        "something at random, attacking friend or foe ('they may attack their own teammates!'); `idle`: nothing.")
    surrendered_bots: Literal["leave", "remain"] = Field(
        "leave", description="A surrendered Kongbot leaves the arena (`leave`) or stays as an inert obstacle.")


class Movement(FileModel):
    hexes_per_pulse: int = Field(1, ge=1, le=10, description="Hexes a Kongbot may move in one movement phase.")


class Turns(FileModel):
    pulses: int = Field(5, ge=1, le=20, description="Pulses per turn.")
    max_turns: int = Field(60, ge=1, le=10000, description="A game still undecided after this many turns is a tie "
                           "(the manual has no limit; some builds can never reach each other).")


class LineOfSight(FileModel):
    edge: Literal["both_block", "either_blocks"] = Field(
        "both_block", description="A line running along a hex edge is blocked only when the hexes on both sides "
        "block it (`both_block`), or when either does.")
    kongbots_block: bool = Field(True, description="Other Kongbots block lines of sight ('obstructed by Arena walls "
                                 "or another Kongbot').")


class Victory(FileModel):
    missiles_in_flight_count: bool = Field(
        False, description="Whether a team's missiles in flight count as offensive weapons (the manual lists 'Lasers, "
        "Claws, and loaded Missile Launchers').")


class Ruleset(FileModel):
    """The numbers and choices of the Kongbots rules."""

    kind: Literal["kongbots.ruleset"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64, description="Ruleset name.")
    description: str = Field(default="", description="Free text for the designer.")
    slots_per_tender: int = Field(6, ge=1, le=12, description="Module interfaces on each equipment tender.")
    modules: Modules = Field(default_factory=Modules)
    classes: Classes = Field(default_factory=Classes)
    dice: Dice = Field(default_factory=Dice)
    lasers: Lasers = Field(default_factory=Lasers)
    missiles: Missiles = Field(default_factory=Missiles)
    ecm: Ecm = Field(default_factory=Ecm)
    claws: Claws = Field(default_factory=Claws)
    plates: Plates = Field(default_factory=Plates)
    damage: Damage = Field(default_factory=Damage)
    malfunction: Malfunction = Field(default_factory=Malfunction)
    movement: Movement = Field(default_factory=Movement)
    turns: Turns = Field(default_factory=Turns)
    line_of_sight: LineOfSight = Field(default_factory=LineOfSight)
    victory: Victory = Field(default_factory=Victory)

    def capacity(self, chassis: str) -> int:
        return self.classes.of(chassis).tenders * self.slots_per_tender


def check_ruleset(model: Ruleset, ctx: CheckContext) -> Iterable[Problem]:
    out: list[Problem] = []
    for chassis in CLASSES:
        total = sum(model.modules.limit(c, chassis) for c in CODES)
        cap = model.capacity(chassis)
        if total < cap:
            out.append(Problem("KB530", f"{chassis}: the limits add up to {total} modules but a {chassis} has "
                               f"{cap} interfaces; some must stay empty", ("classes", chassis), Severity.WARNING))
    if model.classes.scout.tenders > model.classes.warrior.tenders or \
            model.classes.warrior.tenders > model.classes.marauder.tenders:
        out.append(Problem("KB430", "tenders must not shrink from scout to warrior to marauder "
                           "(the classes are named by their number of equipment tenders)", ("classes",)))
    return out


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=Ruleset,
        suffix=".rules.yaml",
        title="Kongbots ruleset",
        description="Every number of the Kongbots rules: module limits per chassis class, tenders, the hit table, "
        "malfunctions, pulses, ECM radius, and the choices the manual leaves open.",
        checks=(check_ruleset,),
    )
)
