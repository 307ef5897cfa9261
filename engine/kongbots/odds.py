"""Dice arithmetic of the hit table: the chance that a dice total reaches what an attack needs, and
the breakdown of a laser's need ("need 9 = 5 + 4 hexes - 1 aimer + 1 shield: 27.8%")."""
from __future__ import annotations

from functools import lru_cache

from .params import Params


@lru_cache(maxsize=64)
def totals(dice: int, sides: int) -> tuple[int, ...]:
    """ways[t] = the number of ways `dice` dice of `sides` sides total t."""
    ways = [1]
    for _ in range(dice):
        nxt = [0] * (len(ways) + sides)
        for t, w in enumerate(ways):
            for f in range(1, sides + 1):
                nxt[t + f] += w
        ways = nxt
    return tuple(ways)


@lru_cache(maxsize=1024)
def p_at_least(need: int, dice: int = 2, sides: int = 6) -> float:
    """P(total of the dice >= need)."""
    ways = totals(dice, sides)
    return sum(ways[max(need, 0):]) / sides ** dice


def laser_need(p: Params, hexes: int, aimers: int, shields: int = 0, at_missile: bool = False) -> int:
    if at_missile:
        return p.laser_vs_missile + p.per_hex * hexes + p.per_aimer * aimers
    return p.laser_vs_kongbot + p.per_hex * hexes + p.per_aimer * aimers + p.per_shield * shields


def laser_breakdown(p: Params, hexes: int, aimers: int, shields: int = 0, at_missile: bool = False) -> str:
    need = laser_need(p, hexes, aimers, shields, at_missile)
    parts = [str(p.laser_vs_missile if at_missile else p.laser_vs_kongbot),
             f"+ {p.per_hex * hexes} hex{'es' * (hexes != 1)}" if p.per_hex == 1 else f"+ {p.per_hex * hexes} ({hexes} hexes)"]
    if aimers:
        parts.append(f"{'-' if p.per_aimer < 0 else '+'} {abs(p.per_aimer * aimers)} aimer{'s' * (aimers != 1)}")
    if shields and not at_missile:
        parts.append(f"{'+' if p.per_shield >= 0 else '-'} {abs(p.per_shield * shields)} shield{'s' * (shields != 1)}")
    chance = p_at_least(need, p.dice, p.sides)
    return f"need {need} = {' '.join(parts)}: {chance * 100:.1f}%"
