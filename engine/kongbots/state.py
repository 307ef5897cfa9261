"""The Kongbots battle: turns of pulses of six phases, each phase played by one team and then the other.

Manual, Terminology: "A turn in Kongbots is divided into five pulses. Each pulse is further divided
into six phases ... For any given phase, action is allowed (when appropriate) for one team, and then
the other. The team which is allowed to go first depends on which team's leader had the most Retros
at the BEGINNING of that TURN." Phases 1 (malfunction, first pulse only) and 4 (missile movement)
need no decisions and run by themselves; in phases 2, 3, 5 and 6 the team to move gives orders, one
Kongbot at a time in any order, each Kongbot once (lasers once per turn), until it says `done` or no
order is left. A phase with nothing to decide for a team is skipped. Decisions where the manual is
silent are in docs/rules/kongbots.md, each with the ruleset parameter (engine.kongbots.params) that
holds it.
"""
from __future__ import annotations

from dataclasses import dataclass

from gridsmith.engine.core.hexgrid import distance
from gridsmith.engine.core.errors import IllegalActionError
from gridsmith.engine.core.protocol import Result, ResultState, Termination
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.kongbots.modules import (AIMER, CLAW, ECM, EMPTY_LAUNCHER, LASER, LAUNCHER, NAME, OFFENSIVE,
                                                PLATE, RETRO, SHIELD, TEAMS)

from . import events as ev
from .actions import DONE, Claw, Done, Fire, Launch, Move, Order
from .arena import ArenaMap
from .odds import laser_need
from .params import Params

Hex = tuple[int, int]
MALFUNCTION, LAUNCH, LASERS, MISSILES, MOVEMENT, CLAWS = range(1, 7)


class IllegalOrder(IllegalActionError):
    """An order that is not legal where the battle stands."""


class Bot:
    __slots__ = ("idx", "team", "label", "name", "chassis", "slots", "hex", "start", "capacity", "tenders",
                 "factor", "malf", "streak", "fired", "out", "acted")

    def copy(self) -> "Bot":
        b = Bot.__new__(Bot)
        for k in Bot.__slots__:
            setattr(b, k, getattr(self, k))
        b.slots = list(self.slots)
        return b

    def count(self, code: str) -> int:
        return self.slots.count(code)

    @property
    def modules(self) -> int:
        return sum(1 for s in self.slots if s is not None)

    @property
    def offensive(self) -> int:
        return sum(1 for s in self.slots if s in OFFENSIVE)


class Missile:
    __slots__ = ("id", "team", "target", "hex")

    def __init__(self, id: int, team: int, target: int, hex: Hex) -> None:
        self.id, self.team, self.target, self.hex = id, team, target, hex

    def copy(self) -> "Missile":
        return Missile(self.id, self.team, self.target, self.hex)


@dataclass(frozen=True)
class BotView:
    label: str
    team: int
    name: str
    chassis: str
    slots: tuple[str | None, ...]
    hex: Hex | None
    start: int
    malfunctioning: bool
    streak: int
    lasers_fired: bool
    surrendered: bool
    acted: int


@dataclass(frozen=True)
class MissileView:
    id: int
    team: int
    target: str
    hex: Hex


@dataclass(frozen=True)
class KongbotsView:
    """Everything a team may know, which in Kongbots is everything but the dice to come. It holds no
    reference to the state or its generator (the arena and parameters are immutable and shared)."""

    me: int
    arena: ArenaMap
    params: Params
    turn: int
    pulse: int
    phase: int
    step: int
    order: tuple[int, int]
    to_move: int | None
    bots: tuple[BotView, ...]
    missiles: tuple[MissileView, ...]
    next_missile: int
    erratic_done: bool
    result: Result | None


class KongbotsState(ResultState):
    def __init__(self, arena: ArenaMap, params: Params, rng: CounterRng) -> None:
        self.arena = arena
        self.p = params
        self.rng = rng
        self.bots: list[Bot] = []
        self.missiles: list[Missile] = []
        self.next_missile = 1
        self.turn = 1
        self.pulse = 1
        self.phase = MALFUNCTION
        self.step = 0
        self.order = (0, 1)
        self._to_move: int | None = None
        self._result: Result | None = None
        self.erratic_done = False
        self.log: list[Order] = []
        self.keep_log = True
        self._legal: list[Order] | None = None
        #: set by engine.kongbots.game.new_game: what a saved game embeds, and the first turn's events
        self.scenario = None
        self.seed = 0
        self.first_events: list = []

    # --- setting up ---------------------------------------------------------------------------

    def add_bot(self, team: int, number: int, name: str, chassis: str, slots: list[str | None], hex: Hex) -> Bot:
        p = self.p
        b = Bot()
        b.idx, b.team, b.label, b.name, b.chassis = len(self.bots), team, f"{TEAMS[team]}{number}", name, chassis
        b.slots, b.hex = list(slots), hex
        b.tenders = p.tenders_of(chassis)
        b.capacity = b.tenders * p.slots_per_tender
        b.start = b.modules
        b.factor = p.retro_factor_of(chassis)
        b.malf, b.streak, b.fired, b.out, b.acted = False, 0, False, False, 0
        self.bots.append(b)
        return b

    def begin(self) -> list:
        """Start the first turn (initiative, malfunctions) and run to the first decision."""
        events: list = []
        self._start_turn(events)
        self._advance(events)
        return events

    # --- protocol -----------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def turns_played(self) -> int:
        return self.turn

    def legal_actions(self) -> list[Order]:
        if self._result is not None:
            return []
        if self._legal is None:
            self._legal = self._orders(self._to_move, erratic=False) + [DONE]
        return list(self._legal)

    def apply(self, order: Order) -> list:
        if self._result is not None:
            raise IllegalOrder("the battle is over")
        if order not in self.legal_actions():
            raise IllegalOrder(f"{order.to_text()} is not a legal order now (turn {self.turn}, pulse {self.pulse}, "
                               f"{ev.PHASES[self.phase]} phase, team {TEAMS[self._to_move]})")
        events: list = []
        if self.keep_log:
            self.log.append(order)
        self._legal = None
        if isinstance(order, Done):
            self._next_step(events)
        else:
            self._execute(order, events, erratic=False)
            self._check_over(events)
            if self._result is None and not self._orders(self._to_move, erratic=False):
                self._next_step(events)
        self._advance(events)
        return events

    def clone(self) -> "KongbotsState":
        s = KongbotsState.__new__(KongbotsState)
        s.__dict__.update(self.__dict__)
        s.rng = self.rng.clone()
        s.bots = [b.copy() for b in self.bots]
        s.missiles = [m.copy() for m in self.missiles]
        s.log = list(self.log) if self.keep_log else []
        return s

    def view(self, player: int) -> KongbotsView:
        return KongbotsView(
            me=player, arena=self.arena, params=self.p, turn=self.turn, pulse=self.pulse, phase=self.phase,
            step=self.step, order=self.order, to_move=self._to_move,
            bots=tuple(BotView(b.label, b.team, b.name, b.chassis, tuple(b.slots), b.hex, b.start, b.malf, b.streak,
                               b.fired, b.out, b.acted) for b in self.bots),
            missiles=tuple(MissileView(m.id, m.team, self.bots[m.target].label, m.hex) for m in self.missiles),
            next_missile=self.next_missile, erratic_done=self.erratic_done, result=self._result)

    @classmethod
    def from_view(cls, view: KongbotsView, rng: CounterRng) -> "KongbotsState":
        """A state equal to the one `view` was taken from, its dice drawn from `rng` (for search)."""
        s = cls(view.arena, view.params, rng)
        index = {}
        for bv in view.bots:
            b = s.add_bot(bv.team, int(bv.label[1:]), bv.name, bv.chassis, list(bv.slots), bv.hex)
            b.start, b.malf, b.streak, b.fired, b.out, b.acted = bv.start, bv.malfunctioning, bv.streak, \
                bv.lasers_fired, bv.surrendered, bv.acted
            index[bv.label] = b.idx
        s.missiles = [Missile(m.id, m.team, index[m.target], m.hex) for m in view.missiles]
        s.next_missile = view.next_missile
        s.turn, s.pulse, s.phase, s.step, s.order = view.turn, view.pulse, view.phase, view.step, view.order
        s._to_move, s._result, s.erratic_done = view.to_move, view.result, view.erratic_done
        return s

    # --- who is where -------------------------------------------------------------------------

    def bot(self, label: str) -> Bot:
        for b in self.bots:
            if b.label == label:
                return b
        raise IllegalOrder(f"there is no Kongbot {label}")

    def occupied(self, *besides: Bot) -> frozenset:
        skip = {b.idx for b in besides}
        return frozenset(b.hex for b in self.bots if b.hex is not None and b.idx not in skip)

    def clear(self, shooter: Bot, target_hex: Hex, target: Bot | None = None) -> bool:
        """Manual, phase 2: "This line of sight must not be obstructed by Arena walls or another Kongbot"."""
        blockers = self.occupied(shooter, *(x for x in (target,) if x is not None)) if self.p.kongbots_block \
            else frozenset()
        return self.arena.clear(shooter.hex, target_hex, blockers, self.p.edge_needs_both)

    def in_ecm(self, h: Hex) -> bool:
        """Manual, phase 4: "ECM's protect the hex they are in as well as the six adjacent hexes"."""
        p = self.p
        return any(b.hex is not None and not b.out and ECM in b.slots and distance(b.hex, h) <= p.ecm_radius
                   and (p.ecm_when_malfunctioning or not b.malf) for b in self.bots)

    def can_move_in_pulse(self, b: Bot) -> bool:
        """Manual, phase 5: "the number of Retros he is carrying is greater than or equal to the pulse
        number" (scouts: "count each retro as two")."""
        return b.count(RETRO) * b.factor >= self.pulse

    # --- orders -------------------------------------------------------------------------------

    def _orders(self, team: int | None, erratic: bool, only: Bot | None = None) -> list[Order]:
        """Orders possible for `team`'s functioning Kongbots (or, `erratic`, for the malfunctioning
        `only`, at friend or foe) in the current phase."""
        if team is None:
            return []
        p = self.p
        phase = self.phase
        out: list[Order] = []
        bots = [only] if only is not None else [b for b in self.bots if b.team == team]
        for b in bots:
            if b.out or b.hex is None or (b.malf and not erratic):
                continue
            others = [o for o in self.bots if o is not b and not o.out and o.hex is not None
                      and (erratic or o.team != team)]
            if phase == LAUNCH:
                loaded = b.count(LAUNCHER)
                if loaded and b.acted < (p.launches_per_phase or loaded):
                    out += [Launch(b.label, o.label) for o in others if self.clear(b, o.hex, o)]
            elif phase == LASERS:
                if not b.fired and LASER in b.slots:
                    out += [Fire(b.label, o.label) for o in others if self.clear(b, o.hex, o)]
                    if p.lasers_at_missiles:
                        out += [Fire(b.label, f"m{m.id}") for m in self.missiles
                                if (erratic or m.team != team) and self.clear(b, m.hex)]
            elif phase == MOVEMENT:
                if b.acted < p.move_hexes and self.can_move_in_pulse(b):
                    taken = self.occupied()
                    out += [Move(b.label, h) for h in self.arena.neighbours(b.hex) if h not in taken]
            elif phase == CLAWS:
                if not b.acted and CLAW in b.slots:
                    out += [Claw(b.label, o.label) for o in others if distance(b.hex, o.hex) == 1]
        return out

    def _execute(self, order: Order, events: list, erratic: bool) -> None:
        b = self.bot(order.bot)
        b.acted += 1
        if isinstance(order, Launch):
            self._launch(b, self.bot(order.target), events, erratic)
        elif isinstance(order, Fire):
            self._fire(b, order.target, events, erratic)
        elif isinstance(order, Move):
            self._move(b, order.to, events, erratic)
        elif isinstance(order, Claw):
            self._claw(b, self.bot(order.target), events, erratic)

    # --- dice and damage ----------------------------------------------------------------------

    def _die(self) -> int:
        return self.rng.randrange(self.p.sides) + 1

    def _roll(self) -> int:
        return sum(self._die() for _ in range(self.p.dice))

    def _destroy(self, target: Bot, events: list) -> None:
        """A direct hit destroys one module: one at random (empty launchers included), or the last."""
        filled = [i for i, s in enumerate(target.slots) if s is not None]
        if not filled:
            return
        i = filled[-1] if self.p.destroy_last_slot else filled[self.rng.randrange(len(filled))]
        events.append(ev.ModuleDestroyed(target.label, i, NAME[target.slots[i]]))
        target.slots[i] = None

    def _lose(self, b: Bot, code: str) -> None:
        b.slots[b.slots.index(code)] = None

    # --- phase 2: missile launch --------------------------------------------------------------

    def _launch(self, b: Bot, target: Bot, events: list, erratic: bool) -> None:
        """"Once a missile is launched, its module is replaced by an empty Missile Launcher (EL)"."""
        b.slots[b.slots.index(LAUNCHER)] = EMPTY_LAUNCHER
        m = Missile(self.next_missile, b.team, target.idx, b.hex)
        self.next_missile += 1
        self.missiles.append(m)
        events.append(ev.Launched(b.label, target.label, m.id, erratic))

    # --- phase 3: laser systems fire ----------------------------------------------------------

    def _fire(self, b: Bot, target: str, events: list, erratic: bool) -> None:
        """All of a Kongbot's lasers, at one target, once per turn; one roll per laser."""
        p = self.p
        b.fired = True
        lasers = b.count(LASER)
        aimers = b.count(AIMER)
        if target.startswith("m"):
            m = next(x for x in self.missiles if f"m{x.id}" == target)
            need = laser_need(p, distance(b.hex, m.hex), aimers, at_missile=True)
        else:
            t = self.bot(target)
            need = laser_need(p, distance(b.hex, t.hex), aimers, t.count(SHIELD))
        if p.laser_roll_once:
            r = self._roll()
            rolls = (r,) * lasers
        else:
            rolls = tuple(self._roll() for _ in range(lasers))
        hits = sum(1 for r in rolls if r >= need)
        events.append(ev.LasersFired(b.label, target, need, rolls, hits, erratic))
        if target.startswith("m"):
            if hits:
                self.missiles.remove(m)
                events.append(ev.MissileShotDown(m.id))
        else:
            for _ in range(hits):
                self._destroy(t, events)

    # --- phase 4: missile movement ------------------------------------------------------------

    def _missile_phase(self, team: int, events: list) -> None:
        """"All missile pairs are moved one hex toward their target ... they do follow the shortest path
        around these obstacles ... Once a missile enters the same hex as its target, it immediately explodes"."""
        for m in [x for x in self.missiles if x.team == team]:
            if m not in self.missiles:
                continue
            target = self.bots[m.target]
            if target.hex is None or target.out:
                self.missiles.remove(m)
                events.append(ev.MissileLost(m.id, f"{target.label} has left the arena"))
                continue
            for _ in range(self.p.missile_speed):
                nxt = self.arena.step_towards(m.hex, target.hex)
                if nxt is None:
                    break
                m.hex = nxt
                events.append(ev.MissileMoved(m.id, nxt))
                if nxt == target.hex:
                    self._explode(m, events)
                    break
            if self._check_over(events):
                return

    def _explode(self, m: Missile, events: list) -> None:
        p = self.p
        target = self.bots[m.target]
        self.missiles.remove(m)
        inside = self.in_ecm(target.hex)
        if inside:
            rolls = tuple(self._roll() for _ in range(p.warheads))
            hits = sum(1 for r in rolls if r >= p.need_inside_ecm)
        else:
            rolls, hits = (), p.hits_outside_ecm
        events.append(ev.MissileExploded(m.id, target.label, inside, rolls, hits))
        if PLATE in target.slots and (hits or p.plate_absorbs_attack):
            # "Each armor plate will absorb the entire force of one claw or missile attack"
            self._lose(target, PLATE)
            events.append(ev.PlateAbsorbed(target.label, f"m{m.id}", False))
            return
        for _ in range(hits):
            self._destroy(target, events)

    # --- phase 5: Kongbot movement ------------------------------------------------------------

    def _move(self, b: Bot, to: Hex, events: list, erratic: bool) -> None:
        b.hex = to
        events.append(ev.Moved(b.label, to, erratic))
        if self.p.explode_when_target_enters:
            for m in [x for x in self.missiles if x.target == b.idx and x.hex == to]:
                self._explode(m, events)

    # --- phase 6: claw attack -----------------------------------------------------------------

    def _claw(self, b: Bot, target: Bot, events: list, erratic: bool) -> None:
        """"A dice roll of six or greater is required to score a direct hit. This roll is repeated once
        for each Claw module ... clawing a Kongbot which posesses an Armor Plate will destroy the Armor
        Plate AND the Claw"."""
        p = self.p
        for _ in range(b.count(CLAW)):
            if CLAW not in b.slots:
                break
            roll = self._roll()
            hit = roll >= p.claw_need
            events.append(ev.Clawed(b.label, target.label, roll, p.claw_need, hit, erratic))
            if PLATE in target.slots and (hit or p.plate_absorbs_attack):
                self._lose(target, PLATE)
                if p.plate_destroys_claw:
                    self._lose(b, CLAW)
                events.append(ev.PlateAbsorbed(target.label, b.label, p.plate_destroys_claw))
            elif hit:
                self._destroy(target, events)

    # --- phase 1: systems malfunction ---------------------------------------------------------

    def _malfunction_phase(self, events: list) -> None:
        """Manual, phase 1: only in the first pulse, only below half the modules it started with; "One
        die is rolled for each tender level ... If the number rolled is greater than the number of
        modules remaining then the Kongbot has malfunctioned"; three in a row force a surrender."""
        p = self.p
        for team in self.order:
            for b in self.bots:
                if b.team != team or b.out:
                    continue
                left = b.modules
                base = b.capacity if p.malfunction_of_capacity else b.start
                if 2 * left >= base:
                    b.malf, b.streak = False, 0
                    continue
                rolls = tuple(self._die() for _ in range(b.tenders * p.malfunction_dice_per_tender))
                bad = any(r > left for r in rolls) if p.malfunction_any_die else sum(rolls) > left
                b.malf = bad
                b.streak = b.streak + 1 if bad else 0
                events.append(ev.MalfunctionRoll(b.label, rolls, left, bad, b.streak))
                if b.streak >= p.surrender_after:
                    b.out = True
                    if p.surrendered_leave:
                        b.hex = None
                    events.append(ev.Surrendered(b.label))
        self._check_over(events)

    def _erratic_phase(self, team: int, events: list) -> None:
        """A malfunctioning Kongbot takes no orders; under `erratic` it does one thing at random among
        what it could do in the phase, at friend or foe, or nothing (manual: "they may attack their own
        teammates!")."""
        for b in self.bots:
            if b.team != team or not b.malf or b.out or b.hex is None:
                continue
            options = self._orders(team, erratic=True, only=b)
            if not options:
                continue
            pick = self.rng.randrange(len(options) + 1)
            if pick == len(options):
                events.append(ev.Held(b.label))
                continue
            self._execute(options[pick], events, erratic=True)
            if self._check_over(events):
                return

    # --- the sequence of play -----------------------------------------------------------------

    def _leader(self, team: int) -> Bot | None:
        return next((b for b in self.bots if b.team == team and not b.out), None)

    def _start_turn(self, events: list) -> None:
        """Initiative: "the team to go first is the team who's leader has the most retros at the
        BEGINNING of the TURN. In case of a tie, the team to go first is randomly selected"."""
        for b in self.bots:
            b.fired = False
        retros = tuple((lead.count(RETRO) if (lead := self._leader(t)) else 0) for t in (0, 1))
        tie = retros[0] == retros[1]
        first = self.rng.randrange(2) if tie else (0 if retros[0] > retros[1] else 1)
        self.order = (first, 1 - first)
        events.append(ev.TurnStarted(self.turn, TEAMS[first], retros, tie))

    def _reset_phase(self) -> None:
        self.step = 0
        self.erratic_done = False
        for b in self.bots:
            b.acted = 0

    def _next_step(self, events: list) -> None:
        self._legal = None
        self._to_move = None
        if self.step == 0:
            self.step = 1
            self.erratic_done = False
            for b in self.bots:
                b.acted = 0
            return
        self._next_phase(events)

    def _next_phase(self, events: list) -> None:
        self._reset_phase()
        self.phase += 1
        if self.phase > CLAWS:
            self.phase = MALFUNCTION
            self.pulse += 1
            if self.pulse > self.p.pulses:
                self.pulse = 1
                self.turn += 1
                if self.turn > self.p.max_turns:
                    self.turn = self.p.max_turns
                    self._finish(events, (0, 1), Termination.TURN_LIMIT, f"no result after {self.p.max_turns} turns")
                    return
                self._start_turn(events)

    def _advance(self, events: list) -> None:
        """Run the phases that need no decision until a team has an order to give, or the end."""
        self._to_move = None
        self._legal = None
        while self._result is None:
            if self.phase == MALFUNCTION:
                if self.pulse == 1:
                    self._malfunction_phase(events)
                if self._result is None:
                    self._next_phase(events)
                continue
            if self.phase == MISSILES:
                for team in self.order:
                    if self._result is None:
                        self._missile_phase(team, events)
                if self._result is None:
                    self._next_phase(events)
                continue
            team = self.order[self.step]
            if not self.erratic_done:
                self.erratic_done = True
                if self.p.erratic:
                    self._erratic_phase(team, events)
                    if self._result is not None:
                        return
            if self._orders(team, erratic=False):
                self._to_move = team
                return
            self._next_step(events)

    # --- the end ------------------------------------------------------------------------------

    def weapons(self, team: int) -> int:
        """Offensive weapons: "Lasers, Claws, and loaded Missile Launchers" of the team's Kongbots
        still in the fight (and its missiles in flight, if the ruleset says so)."""
        n = sum(b.offensive for b in self.bots if b.team == team and not b.out)
        if self.p.missiles_count:
            n += sum(1 for m in self.missiles if m.team == team)
        return n

    def _check_over(self, events: list) -> bool:
        """"When the opposing team looses all of its offensive weapons" or "each Kongbot on the opposing
        team is forced to surrender"; both teams at once is a tie."""
        if self._result is not None:
            return True
        lost = []
        why = []
        for t in (0, 1):
            if all(b.out for b in self.bots if b.team == t):
                lost.append(t)
                why.append(f"every Kongbot of team {TEAMS[t]} surrendered")
            elif not self.weapons(t):
                lost.append(t)
                why.append(f"team {TEAMS[t]} has no offensive weapons left")
        if not lost:
            return False
        winners = (0, 1) if len(lost) == 2 else (1 - lost[0],)
        self._finish(events, winners, Termination.ELIMINATION, "; ".join(why))
        return True

    def _finish(self, events: list, winners: tuple[int, ...], termination: Termination, reason: str) -> None:
        scores = (0.5, 0.5) if len(winners) == 2 else tuple(1.0 if t in winners else 0.0 for t in (0, 1))
        self._result = Result(winners, scores, termination, reason)
        self._to_move = None
        self._legal = []
        events.append(ev.GameOver(tuple(TEAMS[t] for t in winners), reason))
