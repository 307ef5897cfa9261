"""How one build fares against another, in closed form from the hit table (for the build designer's
matchup panel and for designers comparing builds): expected direct hits of a turn at a range.

    lasers:   once a turn, each laser hits on a dice total >= 5 + range - aimers + the target's shields
    claws:    at range 1 only, every pulse, each claw hits on 6 or more
    missiles: one-shot: each loaded launcher's missile scores 2 hits, or inside the target's own ECM
              field each of its 2 warheads hits on 7 or more

Hits are counted before armor plates (each plate absorbs one claw or missile attack that hits).
"""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.formats.kongbots.bot import Bot
from gridsmith.formats.kongbots.modules import AIMER, CLAW, ECM, LASER, LAUNCHER, SHIELD
from gridsmith.formats.kongbots.ruleset import Ruleset

from .odds import laser_need, p_at_least
from .params import params


@dataclass(frozen=True)
class Matchup:
    range: int
    lasers: float  # expected laser hits in a turn
    claws: float  # expected claw hits in a turn (every pulse adjacent)
    missiles: float  # expected hits of all the build's missiles (once a battle)

    @property
    def per_turn(self) -> float:
        return self.lasers + self.claws


def matchup(attacker: Bot, target: Bot, rules: Ruleset, hexes: int) -> Matchup:
    p = params(rules)
    a, t = attacker.counts(), target.counts()
    need = laser_need(p, hexes, a[AIMER], t[SHIELD])
    lasers = a[LASER] * p_at_least(need, p.dice, p.sides)
    claws = p.pulses * a[CLAW] * p_at_least(p.claw_need, p.dice, p.sides) if hexes == 1 else 0.0
    if t[ECM]:  # its own ECM protects its hex at any radius
        per_missile = p.warheads * p_at_least(p.need_inside_ecm, p.dice, p.sides)
    else:
        per_missile = float(p.hits_outside_ecm)
    return Matchup(hexes, lasers, claws, a[LAUNCHER] * per_missile)


def table(attacker: Bot, target: Bot, rules: Ruleset, ranges: range = range(1, 7)) -> list[Matchup]:
    return [matchup(attacker, target, rules, d) for d in ranges]
