"""`circuitwar.ruleset` v1: every number of the Circuit War manual, and the values it leaves open.

The bundled default is content/circuitwar/default.rules.yaml. docs/rules/circuitwar.md says which
key holds each decision the project took where the manual is silent or ambiguous.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..diagnostics import Problem
from ..model_base import FileModel
from ..registry import CheckContext, KindSpec, register

KIND = "circuitwar.ruleset"
VERSION = 1
Level = Literal["weak", "nominal", "strong"]


#: upper bounds (docs/rules/circuitwar.md, "Bounds"): far above any playable value, low enough that
#: no file makes the engine loop (actions and builds per turn, turns, a beam's range) or add up without end
MAX_COST = 1000  # energy an object costs
MAX_ENERGY = 100_000  # energy and charges
MAX_ACTIONS = 100  # builds or actions of one player in one phase
MAX_TURNS = 10_000
MAX_RANGE = 1000  # circuits


def _pct(default: int, what: str):
    return Field(default, ge=0, le=100, description=what)


class PerLevel(FileModel):
    """A value for each gridrunner or beam energy level."""

    weak: int = Field(ge=0, le=MAX_ENERGY)
    nominal: int = Field(ge=0, le=MAX_ENERGY)
    strong: int = Field(ge=0, le=MAX_ENERGY)

    def at(self, level: int) -> int:
        return (self.weak, self.nominal, self.strong)[level]


class Costs(FileModel):
    """Manual 6, BUILD COSTS (energy)."""

    circuit: int = Field(2, ge=0, le=MAX_COST)
    gridrunner: int = Field(10, ge=0, le=MAX_COST)
    resistor: int = Field(3, ge=0, le=MAX_COST)
    capacitor: int = Field(7, ge=0, le=MAX_COST)
    switch_off: int = Field(3, ge=0, le=MAX_COST)
    switch_on: int = Field(2, ge=0, le=MAX_COST)
    diode: int = Field(4, ge=0, le=MAX_COST, description="Every diode, whichever its direction (DIODE(ALL)).")
    ground: int = Field(10, ge=0, le=MAX_COST)
    transformer: int = Field(15, ge=0, le=MAX_COST)


class Build(FileModel):
    """Manual 4 BUILD and 5 BUILDING GRIDRUNNERS."""

    per_turn: int = Field(5, ge=0, le=MAX_ACTIONS, description="Things each player can build per turn (manual: five).")
    costs: Costs = Field(default_factory=Costs)
    transmission_percent: int = _pct(
        33, "Chance that the CPU transmits a new gridrunner across a connection that would kill it "
        "(a ground, a wrong-way diode, an open switch); manual: 33%.")
    gridrunner_level: Level = Field(
        "nominal", description="Level of a newly built gridrunner (the manual is silent).")
    objects_replace: bool = Field(
        False, description="Whether an object may be built on a circuit that already holds one, replacing "
        "it (the manual is silent); false: objects go on empty friendly circuits only.")


class Energy(FileModel):
    """Manual 4 ENERGIZE."""

    per_circuit: int = Field(1, ge=0, le=MAX_COST, description="Energy per owned circuit, objects included.")
    cap: int = Field(150, ge=1, le=MAX_ENERGY, description="Most energy a side can have (manual: 150).")
    carry_over_percent: int = _pct(20, "Part of the energy left from the previous turn that is carried "
                                   "over (manual: approximately one fifth).")
    start: int = Field(30, ge=0, le=MAX_ENERGY, description="Energy of a side at the start when the scenario does not "
                       "say (the manual is silent).")
    first_turn_carry: Literal["full", "percent"] = Field(
        "full", description="Whether the starting energy is kept whole in the first Energize phase "
        "(`full`) or carried over like leftovers (`percent`).")


class Capacitor(FileModel):
    """Manual 3 CAPACITOR."""

    start_charge: int = Field(10, ge=0, le=MAX_ENERGY, description="Charge of a newly built capacitor (manual: 10).")
    max_charge: int = Field(20, ge=0, le=MAX_ENERGY, description="Most charge a capacitor holds (manual: 20).")


class Attack(FileModel):
    """Manual 6, OBJECT DEFENSE STRENGTHS, 'gridrunner attack' column: the chance that a gridrunner's
    attack blows the target, plus `per_level_percent` per attacker level (WEAK 0, NOMINAL 1, STRONG 2)."""

    circuit: int = _pct(50, "An empty circuit.")
    resistor: int = _pct(65, "")
    capacitor: int = _pct(50, "")
    switch_off: int = _pct(50, "")
    switch_on: int = _pct(50, "")
    diode: int = _pct(65, "")
    ground: int = _pct(15, "")
    transformer: int = _pct(20, "")
    per_level_percent: int = _pct(10, "Added per level of the attacker (manual: GRenergy*10%).")
    own_circuits: bool = Field(
        True, description="Whether a gridrunner may attack its own side's circuits too (manual 3 GRIDRUNNER: "
        "gridrunners 'attack any adjacent circuit'; 4 ACTION: 'click on any adjacent circuit'); false: "
        "only other sides' and grey circuits.")


class Dying(FileModel):
    """Manual 6, 'gridrunner dying on circuit' column: the chance that a gridrunner dying on a circuit
    blows it, plus `per_level_percent` per level it had before dying. 0 = not possible."""

    circuit: int = _pct(0, "")
    resistor: int = _pct(45, "")
    capacitor: int = _pct(60, "Plus `capacitor_charge_percent` per stored charge point.")
    switch_off: int = _pct(35, "")
    switch_on: int = _pct(0, "")
    diode: int = _pct(50, "")
    ground: int = _pct(25, "")
    transformer: int = _pct(0, "")
    capacitor_charge_percent: int = Field(2, ge=0, le=100, description="Manual: CAPcharge*2.")
    per_level_percent: int = _pct(10, "Manual: GRenergy*10%.")


class Beam(FileModel):
    """Manual 5 BEAMS and 3 DIODE."""

    range_circuits: int = Field(10, ge=1, le=MAX_RANGE, description="A beam loses one level every this many circuits "
                                "it traverses (manual: 10).")
    push_cost: int = Field(1, ge=0, le=MAX_RANGE, description="Levels a beam loses per circuit it pushes a gridrunner "
                           "across (manual: one).")
    flux_percent: int = _pct(80, "Chance that a beam blocked at a T-intersection takes the flux "
                             "direction when it is open (manual: 'most likely').")
    cpu_loss_percent: PerLevel = Field(
        default_factory=lambda: PerLevel(weak=10, nominal=20, strong=30),
        description="Percent of a side's energy a beam striking its CPU takes, by beam level.")
    diode_blow_percent: PerLevel = Field(
        default_factory=lambda: PerLevel(weak=5, nominal=10, strong=15),
        description="Chance that a beam hitting a diode the wrong way blows it (manual: 'slight').")


class Collision(FileModel):
    """Manual 3 GRIDRUNNER and 5 GRIDRUNNER COLLISIONS."""

    level_energy: PerLevel = Field(
        default_factory=lambda: PerLevel(weak=1, nominal=2, strong=3),
        description="Energy of each level for melds and fights (manual: NOMINAL + WEAK = STRONG, "
        "WEAK + WEAK = NOMINAL); a meld is capped at STRONG, a fight's victor keeps its energy minus the "
        "loser's.")
    equal_attacker_survives_percent: int = _pct(
        50, "Equal levels: chance that the attacker survives and destroys the defender; otherwise both "
        "explode (manual: 50%).")
    explosion_base_percent: int = _pct(50, "Mutual explosion: chance to blow each adjacent circuit, "
                                       "before the per-level term (manual: 50%).")
    explosion_per_level_percent: int = Field(
        -10, ge=-100, le=100, description="Added per level of both gridrunners together (manual: "
        "-(total energy)*10%, WEAK 0, NOMINAL 1, STRONG 2).")
    # the manual gives no amounts; 100 a level (session 38, docs/rules/circuitwar.md): a NOMINAL or
    # STRONG gridrunner kills even a side at the energy cap, so games end the manual's way
    cpu_drain: PerLevel = Field(
        default_factory=lambda: PerLevel(weak=100, nominal=200, strong=300),
        description="Energy a gridrunner drains from a CPU it runs into, by level (manual: 'stronger = "
        "more energy loss'); the gridrunner is spent.")


class Transformer(FileModel):
    """Manual 3 TRANSFORMER: 'energy & ownership randomized'."""

    owner: Literal["living", "all_seats", "keep"] = Field(
        "living", description="New owner of what passes: a random living side, a random seat of the "
        "scenario, or unchanged.")
    level: Literal["uniform", "keep"] = Field("uniform", description="New level: uniform WEAK/NOMINAL/STRONG or unchanged.")


class DeadSides(FileModel):
    """Manual 4 ENERGIZE and 5 KILLED PLAYERS: a dead side's grey circuitry, each Energize phase."""

    convert_percent: int = _pct(20, "Chance per circuit to convert to the colour of the side whose "
                                "gridrunner killed its owner.")
    decay_percent: int = _pct(20, "Chance per circuit to decay and disappear; otherwise it remains.")


class Turns(FileModel):
    """Manual 4 TURN PHASES and what it leaves open."""

    move_actions: int = Field(5, ge=1, le=MAX_ACTIONS, description="Actions per player in the Move phase.")
    action_actions: int = Field(3, ge=1, le=MAX_ACTIONS, description="Actions per player in the Action phase.")
    order: Literal["random", "fixed"] = Field("random", description="Player order each turn: random "
                                              "(manual) or seat order.")
    phases: Literal["phase_by_phase", "player_by_player"] = Field(
        "phase_by_phase", description="Every player plays Build, then every player Move, then Action "
        "(`phase_by_phase`), or each player plays its three phases in a row (`player_by_player`).")
    toggle_switches: Literal["own", "any"] = Field("own", description="Which switches a player may toggle.")
    max_turns: int | None = Field(
        60, ge=1, le=MAX_TURNS, description="A safety bound: the game ends after this many turns. The manual has no "
        "limit (null: none, the manual's rule: only the last side standing ends a game); computer "
        "players can hold each other off forever, so batch play needs one.")
    at_limit: Literal["most_circuits", "draw"] = Field(
        "most_circuits", description="Who wins when the safety bound ends the game: the living side that "
        "owns the most circuits, its energy base (a tie is a draw among the tied), or nobody (a draw "
        "among the living).")


class Ruleset(FileModel):
    kind: Literal["circuitwar.ruleset"] = Field(description="What this file is.")
    version: Literal[1] = Field(description="Format version.")
    name: str = Field(min_length=1, max_length=64)
    description: str = ""
    build: Build = Field(default_factory=Build)
    energy: Energy = Field(default_factory=Energy)
    capacitor: Capacitor = Field(default_factory=Capacitor)
    attack: Attack = Field(default_factory=Attack)
    dying: Dying = Field(default_factory=Dying)
    beam: Beam = Field(default_factory=Beam)
    collision: Collision = Field(default_factory=Collision)
    transformer: Transformer = Field(default_factory=Transformer)
    dead_sides: DeadSides = Field(default_factory=DeadSides)
    turns: Turns = Field(default_factory=Turns)


def check_ruleset(model: Ruleset, ctx: CheckContext) -> Iterable[Problem]:
    out = []
    cap = model.capacitor
    if cap.start_charge > cap.max_charge:
        out.append(Problem("CW420", f"capacitor start_charge ({cap.start_charge}) exceeds max_charge "
                           f"({cap.max_charge})", ("capacitor", "start_charge")))
    if model.dead_sides.convert_percent + model.dead_sides.decay_percent > 100:
        out.append(Problem("CW421", "convert_percent and decay_percent add up to more than 100",
                           ("dead_sides", "decay_percent")))
    le = model.collision.level_energy
    if not 0 < le.weak < le.nominal < le.strong:
        out.append(Problem("CW422", "level_energy must rise from weak to strong and weak must be above 0",
                           ("collision", "level_energy")))
    return out


def default() -> Ruleset:
    """The manual's numbers (the model's defaults): what a scenario plays under when the bundled
    default ruleset is not installed."""
    return Ruleset(kind=KIND, version=VERSION, name="default")


SPEC = register(
    KindSpec(
        kind=KIND,
        version=VERSION,
        model=Ruleset,
        suffix=".rules.yaml",
        title="Circuit War ruleset",
        description="Every number of the Circuit War rules: costs, object effects and defences, energy, "
                    "beams, collisions, and the values the manual leaves open.",
        checks=(check_ruleset,),
    )
)
