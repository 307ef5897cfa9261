"""The ruleset's values as plain attributes, read once per battle (the engine reads parameters, not
literals; a flat frozen object keeps the inner loops of computer players' rollouts fast)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gridsmith.formats.kongbots.modules import CLASSES, CODES
from gridsmith.formats.kongbots.ruleset import Ruleset


@dataclass(frozen=True)
class Params:
    dice: int
    sides: int
    laser_vs_kongbot: int
    laser_vs_missile: int
    per_hex: int
    per_aimer: int
    per_shield: int
    laser_roll_once: bool
    lasers_at_missiles: bool
    hits_outside_ecm: int
    warheads: int
    need_inside_ecm: int
    missile_speed: int
    launches_per_phase: int
    explode_when_target_enters: bool
    ecm_radius: int
    ecm_when_malfunctioning: bool
    claw_need: int
    plate_absorbs_attack: bool
    plate_destroys_claw: bool
    destroy_last_slot: bool
    malfunction_of_capacity: bool
    malfunction_dice_per_tender: int
    malfunction_any_die: bool
    surrender_after: int
    erratic: bool
    surrendered_leave: bool
    move_hexes: int
    pulses: int
    max_turns: int
    edge_needs_both: bool
    kongbots_block: bool
    missiles_count: bool
    slots_per_tender: int
    tenders: tuple[tuple[str, int], ...]
    retro_factor: tuple[tuple[str, int], ...]
    limits: tuple[tuple[str, str, int], ...]

    def tenders_of(self, chassis: str) -> int:
        return dict(self.tenders)[chassis]

    def retro_factor_of(self, chassis: str) -> int:
        return dict(self.retro_factor)[chassis]


@lru_cache(maxsize=32)
def _params(text: str) -> Params:
    r = Ruleset.model_validate_json(text)
    return Params(
        dice=r.dice.count, sides=r.dice.sides,
        laser_vs_kongbot=r.lasers.vs_kongbot, laser_vs_missile=r.lasers.vs_missile, per_hex=r.lasers.per_hex,
        per_aimer=r.lasers.per_aimer, per_shield=r.lasers.per_shield, laser_roll_once=r.lasers.roll == "once",
        lasers_at_missiles=r.lasers.at_missiles,
        hits_outside_ecm=r.missiles.hits_outside_ecm, warheads=r.missiles.warheads,
        need_inside_ecm=r.missiles.need_inside_ecm, missile_speed=r.missiles.hexes_per_pulse,
        launches_per_phase=r.missiles.launches_per_phase,
        explode_when_target_enters=r.missiles.explode_when_target_enters,
        ecm_radius=r.ecm.radius, ecm_when_malfunctioning=r.ecm.works_when_malfunctioning,
        claw_need=r.claws.need, plate_absorbs_attack=r.plates.absorbs == "attack",
        plate_destroys_claw=r.plates.claw_destroyed, destroy_last_slot=r.damage.destroys == "last_slot",
        malfunction_of_capacity=r.malfunction.below_half_of == "capacity",
        malfunction_dice_per_tender=r.malfunction.dice_per_tender, malfunction_any_die=r.malfunction.roll == "any_die",
        surrender_after=r.malfunction.surrender_after, erratic=r.malfunction.behaviour == "erratic",
        surrendered_leave=r.malfunction.surrendered_bots == "leave",
        move_hexes=r.movement.hexes_per_pulse, pulses=r.turns.pulses, max_turns=r.turns.max_turns,
        edge_needs_both=r.line_of_sight.edge == "both_block", kongbots_block=r.line_of_sight.kongbots_block,
        missiles_count=r.victory.missiles_in_flight_count, slots_per_tender=r.slots_per_tender,
        tenders=tuple((c, r.classes.of(c).tenders) for c in CLASSES),
        retro_factor=tuple((c, r.classes.of(c).retro_factor) for c in CLASSES),
        limits=tuple((m, c, r.modules.limit(m, c)) for m in CODES for c in CLASSES),
    )


def params(ruleset: Ruleset) -> Params:
    return _params(ruleset.model_dump_json())
