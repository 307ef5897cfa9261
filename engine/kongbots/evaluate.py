"""What computer players know about Kongbots tactics: the worth of modules, the expected effect of an
order (from the hit table's exact odds), the standing of a hex, and the value of a position.

Values are in "module points": a weapon is worth 3, a retro 1.5 ... and a team's last offensive
weapons are worth more, because losing them all loses the battle.
"""
from __future__ import annotations

import math

from gridsmith.engine.core.hexgrid import distance
from gridsmith.formats.kongbots.modules import AIMER, CLAW, ECM, EMPTY_LAUNCHER, LASER, LAUNCHER, PLATE, RETRO, SHIELD

from .actions import Claw, Fire, Launch, Move
from .odds import laser_need, p_at_least
from .state import LASERS, MOVEMENT, Bot, KongbotsState

VALUE = {LASER: 3.0, CLAW: 3.0, LAUNCHER: 1.5, AIMER: 1.2, RETRO: 1.5, PLATE: 1.5, SHIELD: 1.0, ECM: 1.0,
         EMPTY_LAUNCHER: 0.3}
WIN = 1000.0


def mean_value(b: Bot) -> float:
    vals = [VALUE[s] for s in b.slots if s is not None]
    return sum(vals) / len(vals) if vals else 0.0


def team_value(state: KongbotsState, team: int) -> float:
    total, weapons = 0.0, 0
    for b in state.bots:
        if b.team != team or b.out:
            continue
        for s in b.slots:
            if s is not None:
                total += VALUE[s]
        weapons += b.offensive
    return total + 12.0 * (1.0 - math.exp(-weapons / 2.0))


class Tactics:
    """Order scores and hex standing for the team to move in `state`."""

    def __init__(self, state: KongbotsState) -> None:
        self.s = state
        self.p = state.p
        self.team = state.to_move
        self._info: dict[int, tuple] = {}
        self._standing: dict[tuple[int, tuple[int, int]], float] = {}
        self._hexes = frozenset(b.hex for b in state.bots if b.hex is not None)

    def info(self, b: Bot) -> tuple:
        """(lasers, aimers, claws, shields, mean module value, has a plate) of `b`, once per position."""
        got = self._info.get(b.idx)
        if got is None:
            sl = b.slots
            got = self._info[b.idx] = (sl.count(LASER), sl.count(AIMER), sl.count(CLAW), sl.count(SHIELD),
                                       mean_value(b), PLATE in sl)
        return got

    def p_roll(self, need: int) -> float:
        return p_at_least(need, self.p.dice, self.p.sides)

    def fire_chance(self, order: Fire) -> float:
        """The chance that one of the order's lasers hits."""
        s = self.s
        b = s.bot(order.bot)
        aimers = b.count(AIMER)
        if order.target.startswith("m"):
            m = next(x for x in s.missiles if f"m{x.id}" == order.target)
            return self.p_roll(laser_need(self.p, distance(b.hex, m.hex), aimers, at_missile=True))
        t = s.bot(order.target)
        return self.p_roll(laser_need(self.p, distance(b.hex, t.hex), aimers, t.count(SHIELD)))

    def missile_damage(self, target: Bot) -> float:
        s, p = self.s, self.p
        hits = p.warheads * self.p_roll(p.need_inside_ecm) if s.in_ecm(target.hex) else p.hits_outside_ecm
        if PLATE in target.slots:
            return VALUE[PLATE] * min(1.0, hits)
        return min(hits, target.modules) * mean_value(target)

    def score(self, order) -> float:
        s = self.s
        b = s.bot(order.bot)
        if isinstance(order, Launch):
            return self.missile_damage(s.bot(order.target)) * 0.8
        if isinstance(order, Fire):
            lasers, pr = b.count(LASER), self.fire_chance(order)
            if order.target.startswith("m"):
                m = next(x for x in s.missiles if f"m{x.id}" == order.target)
                victim = s.bots[m.target]
                soon = distance(m.hex, victim.hex) <= 2
                return (1.0 - (1.0 - pr) ** lasers) * self.missile_damage(victim) * (1.0 if soon else 0.3)
            if pr < 0.25 and s.pulse < self.p.pulses:
                return 0.0  # wait for a better chance later in the turn
            return lasers * pr * mean_value(s.bot(order.target))
        if isinstance(order, Claw):
            t = s.bot(order.target)
            pr = self.p_roll(self.p.claw_need)
            claws = b.count(CLAW)
            plates = t.count(PLATE)
            traded = min(plates, claws)
            return ((claws - traded) * pr * mean_value(t) + traded * pr * (VALUE[PLATE] - VALUE[CLAW])
                    + 0.01)
        if isinstance(order, Move):
            return self.standing(b, order.to) - self.standing(b, b.hex)
        return 0.0

    def standing(self, b: Bot, h: tuple[int, int]) -> float:
        """How good hex `h` is for `b`: its expected laser and claw damage against the enemies it would
        face there, minus theirs against it, and a pull towards the nearest enemy for claws."""
        key = (b.idx, h)
        got = self._standing.get(key)
        if got is None:
            got = self._standing[key] = self._stand(b, h)
        return got

    def _stand(self, b: Bot, h: tuple[int, int]) -> float:
        s, p = self.s, self.p
        lasers, aimers, claws, shields, b_mean, b_plate = self.info(b)
        ranged = lasers or LAUNCHER in b.slots
        pr_claw = self.p_roll(p.claw_need)
        val = 0.0
        nearest = None
        for e in s.bots:
            if e.team == b.team or e.out or e.hex is None:
                continue
            e_lasers, e_aimers, e_claws, e_shields, e_mean, _ = self.info(e)
            d = distance(h, e.hex)
            path = s.arena.distances_to(e.hex).get(h, 99)
            nearest = path if nearest is None else min(nearest, path)
            if (lasers and not b.fired) or (e_lasers and not e.fired):
                if s.arena.clear(h, e.hex, self._hexes - {b.hex, e.hex}, p.edge_needs_both):
                    if lasers and not b.fired:
                        val += lasers * self.p_roll(laser_need(p, d, aimers, e_shields)) * e_mean
                    if e_lasers and not e.fired:
                        val -= e_lasers * self.p_roll(laser_need(p, d, e_aimers, shields)) * b_mean
            if d == 1:
                val += claws * pr_claw * e_mean
                if e_claws:
                    val -= (VALUE[PLATE] if b_plate else e_claws * pr_claw * b_mean)
            elif e_claws and not claws and d == 2:
                val -= 0.3 * e_claws
        if nearest is not None:
            if claws and not ranged:
                val -= 0.6 * nearest
            elif claws:
                val -= 0.2 * nearest
            elif ranged:
                val -= 0.05 * abs(nearest - 3)
        # missiles hunting b: an ECM field and distance help
        for m in s.missiles:
            if m.target == b.idx:
                val += 0.5 * min(distance(m.hex, h), 4)
                if s.in_ecm(h):
                    val += 1.0
        return val


HELD = 0.45  # the weight of a shot held for later in the turn (see held_shot)


def held_shot(state: KongbotsState, b: Bot, tac: "Tactics") -> float:
    """What `b`'s lasers, not yet fired this turn, are worth as a shot still to come: their expected
    damage at the best range `b` can close to before the turn's last laser phase (the hexes it may still
    move, by its retros and the pulse). Without it a search values a held shot only at today's range
    and spends the turn's one shot on a long chance instead of waiting for a close one; a shot the turn
    leaves no laser phase for is worth nothing (lasers recharge at the next turn anyway)."""
    p = state.p
    lasers = b.count(LASER)
    if not lasers or b.fired or b.malf or (state.pulse == p.pulses and state.phase > LASERS):
        return 0.0
    # moves made in the movement phases from here to the last pulse's come before a later laser phase
    first = state.pulse if state.phase <= MOVEMENT else state.pulse + 1
    moves = p.move_hexes * sum(1 for q in range(first, p.pulses) if b.count(RETRO) * b.factor >= q)
    aimers = b.count(AIMER)
    best = 0.0
    for e in state.bots:
        if e.team == b.team or e.out or e.hex is None:
            continue
        d = max(1, distance(b.hex, e.hex) - moves)
        best = max(best, tac.p_roll(laser_need(p, d, aimers, e.count(SHIELD))) * mean_value(e))
    return lasers * best


def evaluate(state: KongbotsState, team: int) -> float:
    """The position's value for `team` (theirs subtracted): module points, missiles in flight by their
    expected damage, each Kongbot's standing on its hex (the greedy player's measure), the shots its
    lasers still hold this turn (held_shot), and the win or loss."""
    r = state.result
    if r is not None:
        if len(r.winners) == 2:
            return 0.0
        return WIN if r.winners[0] == team else -WIN
    v = team_value(state, team) - team_value(state, 1 - team)
    for m in state.missiles:
        t = state.bots[m.target]
        if t.hex is None:
            continue
        dmg = min(2, t.modules) * mean_value(t) if PLATE not in t.slots else VALUE[PLATE]
        v += (0.8 * dmg) if m.team == team else -(0.8 * dmg)
    tac = Tactics(state)
    for b in state.bots:
        if b.hex is not None and not b.out:
            v += (0.5 if b.team == team else -0.5) * tac.standing(b, b.hex)
            v += (HELD if b.team == team else -HELD) * held_shot(state, b, tac)
    return v
