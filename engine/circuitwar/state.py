"""The Circuit War game state and the four phases of a turn (manual 4).

Energize happens by itself at the start of every turn: dead sides' grey circuits convert, decay or
remain, every living side gets its circuit income plus the carried-over part of its leftover energy
(capped), and the player order is drawn. Then Build, Move and Action: with `turns.phases:
phase_by_phase` every side plays Build in the turn's order, then every side Move, then Action.
`to_move` is the side whose phase it is; its `end` action (the manual's "End Turn") ends its part of
the phase, and so does running out of actions or of anything legal to do.
"""
from __future__ import annotations

from collections.abc import Sequence
from bisect import insort
from itertools import compress, filterfalse, repeat
from operator import eq

from gridsmith.engine.core.errors import IllegalActionError
from gridsmith.engine.core.protocol import Result, ResultState, Termination
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.circuitwar.ruleset import Ruleset

from . import mechanics as M
from .actions import END_ACTION, Action, ActionList, BuildList, point_actions
from .beam import fire
from .board import (CAPACITOR, DIODE, EMPTY, GREY, GROUND, NO_CIRCUIT, NONE, RESISTOR, SAME_CIRCUITS,
                    SWITCH_OFF, SWITCH_ON, TRANSFORMER, Board, object_name)
from .events import (Attacked, Built, DeadCircuit, Energized, GameOver, PhaseStarted, Toggled,
                     TurnStarted)

PHASES = ("build", "move", "action")
OBJECT_OF_ITEM = {"resistor": RESISTOR, "capacitor": CAPACITOR, "switch_on": SWITCH_ON,
                  "switch_off": SWITCH_OFF, "ground": GROUND, "transformer": TRANSFORMER}
END = END_ACTION
_NO_ACTIONS = ActionList([])
_SWITCHES = frozenset((SWITCH_ON, SWITCH_OFF))


class NoRng:
    """The generator of a view: a player may not see the game's dice (set your own to simulate)."""

    def __getattr__(self, name):
        raise RuntimeError("a view has no random generator: set view.rng to your own before simulating")


_NO_RNG = NoRng()


class CircuitWarState(ResultState):
    def __init__(self, board: Board, rules: Ruleset, energy: list[int], rng: CounterRng,
                 names: list[str] | None = None) -> None:
        self.board = board
        self.rules = rules
        self.n = len(energy)
        self.names = names or [f"seat {i + 1}" for i in range(self.n)]
        self.energy = list(energy)
        self.alive = [True] * self.n
        self.killer = [-1] * self.n
        self.rng = rng
        self.turn = 0
        self.order: tuple[int, ...] = ()
        self.schedule: list[tuple[str, int]] = []
        self.pos = 0
        self.phase = "build"
        self.seat: int | None = None
        self.left = 0
        self.log: list[Action] = []
        self._result: Result | None = None
        self._legal: Sequence[Action] | None = None
        self.last_events: list = []
        self.viewer: int | None = None
        self.idle = False  # no side has had anything to do this turn so far
        self.frozen_at: tuple | None = None  # the energies after the last turn nobody could act in
        #: seat -> its CPU's point, kept after the side dies (heat maps place its drains there)
        self.cpu_points = {board.cpu[p]: p for p in board.points if board.cpu[p] >= 0}

    def start(self) -> list:
        """Begin the first turn (called once by new_game)."""
        ev: list = []
        if self._start_turn(ev):
            self._next_part(ev)
        self.last_events = ev
        return ev

    # --- protocol ---------------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._result is not None else self.seat

    @property
    def turns_played(self) -> int:
        return self.turn

    def legal_actions(self) -> "Sequence[Action]":
        """The legal actions, in a fixed order (a Build phase's, hundreds, are made on demand:
        BuildList); an immutable sequence shared by the state and its copies."""
        if self._legal is None:
            self._legal = _NO_ACTIONS if self._result is not None else self._generate()
        return self._legal

    def apply(self, action: Action) -> list:
        if self._result is not None:
            raise IllegalActionError("the game is over")
        if action not in self.legal_actions():
            raise IllegalActionError(f"illegal action {action.to_text()} for {self.names[self.seat]} in the "
                             f"{self.phase} phase")
        if action.cols != self.board.cols:
            action = Action(action.op, action.a, action.b, action.item, self.board.cols)
        self.log.append(action)
        ev: list = []
        if action.op == "end":
            self._next_part(ev)
        else:
            before = self._legal
            self._do(action, ev)
            self.left -= 1
            self._legal = None
            if self.left > 0:
                if action.op == "toggle":
                    # a toggle turns a switch on or off: the same circuits hold switches, no
                    # gridrunner, circuit or owner changed, so the same actions are legal
                    self._legal = before
                elif action.op == "build" and action.item != "gridrunner":
                    self._legal = self._builds_after(before, action)
            if self._check_over(ev):
                pass
            elif not self.alive[self.seat]:  # killed by its own gridrunner
                self._next_part(ev)
            elif not self._can_act():  # only `end`: the program ends the part by itself
                self._next_part(ev)
        self.last_events = ev
        return ev

    def view(self, player: int) -> "CircuitWarState":
        """Everything on the Grid is public; only the game's generator is withheld."""
        v = self._copy(False, _NO_RNG)  # every decision makes one: the generator is not even cloned
        v.viewer = player
        return v

    def clone(self, keep_log: bool = True) -> "CircuitWarState":
        return self._copy(keep_log, self.rng.clone() if isinstance(self.rng, CounterRng) else self.rng)

    def _copy(self, keep_log: bool, rng) -> "CircuitWarState":
        c = object.__new__(CircuitWarState)
        d = c.__dict__
        d.update(self.__dict__)
        d["board"] = self.board.copy()
        d["energy"], d["alive"], d["killer"] = self.energy[:], self.alive[:], self.killer[:]
        # `schedule` is never mutated, only replaced: shared
        d["log"] = self.log[:] if keep_log else []
        d["rng"] = rng
        d["last_events"] = []
        return c

    # --- legal actions ------------------------------------------------------------------------------
    def _generate(self) -> "Sequence[Action]":
        seat, b, out = self.seat, self.board, [END]
        n = b.cols
        if self.left <= 0:
            return ActionList(out)
        if self.phase == "build":
            return self._builds(seat)
        owner, nbr = b.owner, b.nbr
        move = self.phase == "move"
        own_too = self.rules.attack.own_circuits
        for p in b.runners(seat):
            table = point_actions(n, p)  # (move, attack, fires) per direction, made once
            for d, step in enumerate(nbr[p]):
                if step is None or owner[step[0]] == NO_CIRCUIT:
                    continue
                moving, attack, fires = table[d]
                if move:
                    out.append(moving)
                else:
                    if own_too or owner[step[0]] != seat:
                        out.append(attack)
                    out.extend(fires)
        switches = _switches(b)
        if self.rules.turns.toggle_switches == "any":
            toggles = switches
        else:
            toggles = [e for e in switches if owner[e] == seat]
        return ActionList(out, toggles, n)

    def _builds(self, seat: int) -> "BuildList":
        b, costs, energy = self.board, self.rules.build.costs, self.energy[seat]
        cpu, circs = b.cpu, b.circuits
        owners = b.on_circuits(b.owner)
        cpus = list(b.cpus().values())
        circuits: list[int] = []
        if energy >= costs.circuit:
            free = list(map(eq, owners, repeat(NO_CIRCUIT)))
            # none next to an opposing player's CPU (manual 3 CIRCUIT)
            near_foe = {step[0] for c in cpus if cpu[c] != seat for step in b.nbr[c] if step is not None}
            if b.odd:  # circuits[i] == 2 * i + 1: strike the few out of the mask, not a pass over the list
                for e in near_foe:
                    if e & 1:  # a circuit (every odd cell is one), at index e // 2
                        free[e >> 1] = False
                circuits = list(compress(circs, free))
            else:
                circuits = list(filterfalse(near_foe.__contains__, compress(circs, free)))
        items = _affordable(costs, energy)
        diode = costs.diode <= energy
        objects: list[int] = []
        if items or diode:
            objects = list(compress(circs, map(eq, owners, repeat(seat))))
            if not self.rules.build.objects_replace:
                objects = list(compress(objects, map(eq, map(b.obj.__getitem__, objects), repeat(NONE))))
        runners: list[int] = []
        if costs.gridrunner <= energy:
            for c in cpus:
                if cpu[c] == seat:
                    for d in b.exits(c):
                        q = b.nbr[c][d][1]
                        if cpu[q] == EMPTY:
                            runners.append(q)
        return BuildList(b.cols, circuits, objects, items, diode, runners)

    def _builds_after(self, before: "BuildList", a: Action) -> "BuildList":
        """The Build list after building a circuit or an object from the list `before`: what
        `_builds` would scan again, derived from the one change (the owner or object of one circuit,
        and less energy: nothing that was unaffordable becomes affordable)."""
        seat, b, costs = self.seat, self.board, self.rules.build.costs
        energy = self.energy[seat]
        e = a.a
        circuits: list[int] = []
        if energy >= costs.circuit:
            circuits = before.circuits
            if a.item == "circuit":
                circuits = circuits[:]
                circuits.remove(e)
        items = _affordable(costs, energy)  # those of before.items still affordable
        diode = before.diode and costs.diode <= energy
        objects: list[int] = []
        if items or diode:
            objects = before.objects
            if a.item == "circuit" and (b.obj[e] == NONE or self.rules.build.objects_replace):
                objects = objects[:]
                insort(objects, e)
            elif a.item != "circuit" and not self.rules.build.objects_replace:
                objects = objects[:]
                objects.remove(e)
        runners: list[int] = []
        if costs.gridrunner <= energy:
            runners = before.runners
            if a.item == "circuit" and any(b.cpu[x] == seat for x in b.ends(e)):  # a new exit of my CPU
                runners = self._builds(seat).runners
        return BuildList(b.cols, circuits, objects, items, diode, runners)

    # --- doing things -------------------------------------------------------------------------------
    def _do(self, a: Action, ev: list) -> None:
        seat, b = self.seat, self.board
        if a.op == "build":
            # a new circuit, or the same circuits (an object; a gridrunner's crossing that blows
            # anything touches the layout again, saying nothing)
            before = b.layout
            b.touch(a.a if a.item == "circuit" else SAME_CIRCUITS)
            if a.item == "circuit" or (OBJECT_OF_ITEM.get(a.item) not in _SWITCHES
                                       and b.obj[a.a] not in _SWITCHES):
                _keep_switches(b, before)  # no switch built or replaced
            cost = getattr(self.rules.build.costs, a.item)
            self.energy[seat] -= cost
            ev.append(Built(seat, a.item, _where(b, a), cost))
            if a.item == "circuit":
                b.own("owner")
                b.owner[a.a] = seat
            elif a.item == "gridrunner":
                cpu = b.cpus()[seat]
                d = b.direction(cpu, a.a)
                M.runner_cross(self, cpu, d, "build", ev, seat=seat,
                               level=("weak", "nominal", "strong").index(self.rules.build.gridrunner_level))
            else:
                b.own("obj", "charge")
                b.obj[a.a] = DIODE + b.direction(b.ends(a.a)[0] if b.ends(a.a)[1] == a.b else b.ends(a.a)[1], a.b) \
                    if a.item == "diode" else OBJECT_OF_ITEM[a.item]
                b.charge[a.a] = self.rules.capacitor.start_charge if a.item == "capacitor" else 0
        elif a.op == "move":
            M.runner_cross(self, a.a, b.direction(a.a, a.b), "move", ev)
        elif a.op == "toggle":
            before = b.layout
            b.touch(SAME_CIRCUITS)
            _keep_switches(b, before)  # a switch still
            b.own("obj")
            b.obj[a.a] = SWITCH_OFF if b.obj[a.a] == SWITCH_ON else SWITCH_ON
            ev.append(Toggled(seat, b.circuit_name(a.a), b.obj[a.a] == SWITCH_ON))
        elif a.op == "attack":
            at = self.rules.attack
            o = b.obj[a.b]
            base = at.diode if o >= DIODE else getattr(at, object_name(o))
            pct = min(100, base + at.per_level_percent * b.level[a.a])
            ok = self.rng.chance(pct / 100)
            ev.append(Attacked(seat, b.point_name(a.a), b.circuit_name(a.b), pct, ok))
            if ok:
                M.blow(self, a.b, "a gridrunner attack", ev)
        elif a.op == "fire":
            trace = fire(self, a.a, a.b, "NESW".index(a.item))
            ev.extend(trace.events)

    # --- turn flow ----------------------------------------------------------------------------------
    def _start_turn(self, ev: list) -> bool:
        """Energize and draw the order of the next turn; False when the safety bound ended the game."""
        bound = self.rules.turns.max_turns
        if bound is not None and self.turn >= bound:
            living = tuple(s for s in range(self.n) if self.alive[s])
            detail = f"the turn limit ({bound}) was reached"
            if self.rules.turns.at_limit == "most_circuits":
                counts = {s: self.circuits_of(s) for s in living}
                most = max(counts.values())
                living = tuple(s for s in living if counts[s] == most)
                detail += f"; most circuits: {most}"
            self._finish(ev, living, Termination.TURN_LIMIT, detail)
            return False
        self.turn += 1
        first = len(ev)
        self._energize(ev)
        living = [s for s in range(self.n) if self.alive[s]]
        if self.rules.turns.order == "random":
            self.rng.shuffle(living)
        self.order = tuple(living)
        ev.insert(first, TurnStarted(self.turn, self.order))
        if self.rules.turns.phases == "phase_by_phase":
            self.schedule = [(ph, s) for ph in PHASES for s in self.order]
        else:
            self.schedule = [(ph, s) for s in self.order for ph in PHASES]
        self.pos = -1
        self.idle = True
        return True

    def _next_part(self, ev: list) -> None:
        """Go to the next side's part of a phase that has anything to do (through the next turns)."""
        while True:
            self.pos += 1
            self._legal = None
            if self.pos >= len(self.schedule):
                if self._frozen(ev) or not self._start_turn(ev):
                    return
                continue
            self.phase, self.seat = self.schedule[self.pos]
            if not self.alive[self.seat]:
                continue
            t = self.rules.turns
            self.left = {"build": self.rules.build.per_turn, "move": t.move_actions,
                         "action": t.action_actions}[self.phase]
            if self._can_act():
                self.idle = False
                ev.append(PhaseStarted(self.phase, self.seat, self.left))
                return

    def _frozen(self, ev: list) -> bool:
        """A turn ended in which no side had anything to do but End. When the one before was such a
        turn too, with the same energies, and no dead side's circuitry is left to convert or decay,
        nothing can ever change again (income and carry-over reach the same sums): the game ends, a
        draw among the living (the manual is silent; docs/rules/circuitwar.md)."""
        if not self.idle:
            self.frozen_at = None
            return False
        dead = any(0 <= self.board.owner[e] < self.n and not self.alive[self.board.owner[e]]
                   for e in self.board.circuits)
        mark = None if dead else tuple(self.energy)
        if mark is not None and mark == self.frozen_at:
            living = tuple(s for s in range(self.n) if self.alive[s])
            self._finish(ev, living, Termination.NO_LEGAL_ACTION, "no side can do anything any more")
            return True
        self.frozen_at = mark
        return False

    def _can_act(self) -> bool:
        """Whether anything but `end` is legal."""
        return len(self.legal_actions()) > 1

    def _energize(self, ev: list) -> None:
        b, rules = self.board, self.rules
        dead = [s for s in range(self.n) if not self.alive[s]]
        if dead:
            conv, decay = rules.dead_sides.convert_percent, rules.dead_sides.decay_percent
            for e in b.circuits:
                o = b.owner[e]
                if 0 <= o < self.n and not self.alive[o]:
                    roll = self.rng.random() * 100
                    k = self.killer[o]
                    if roll < conv:
                        if 0 <= k < self.n and self.alive[k]:
                            b.own("owner")
                            b.owner[e] = k
                            ev.append(DeadCircuit(o, b.circuit_name(e), "converted", k))
                    elif roll < conv + decay:
                        b.own("owner", "obj", "charge")
                        b.owner[e], b.obj[e], b.charge[e] = NO_CIRCUIT, NONE, 0
                        b.touch()
                        ev.append(DeadCircuit(o, b.circuit_name(e), "decayed"))
        owners = b.on_circuits(b.owner)
        counts = [owners.count(s) for s in range(self.n)]
        en = rules.energy
        for s in range(self.n):
            if not self.alive[s]:
                continue
            income = counts[s] * en.per_circuit
            left = max(0, self.energy[s])
            carried = left if (self.turn == 1 and en.first_turn_carry == "full") else left * en.carry_over_percent // 100
            self.energy[s] = min(en.cap, income + carried)
            ev.append(Energized(s, income, carried, self.energy[s]))

    def _check_over(self, ev: list) -> bool:
        if self.alive.count(True) > 1:  # after every action: the usual answer first
            return False
        living = tuple(s for s in range(self.n) if self.alive[s])
        if len(living) <= 1:
            self._finish(ev, living, Termination.ELIMINATION, "last side standing" if living else "no side left")
            return True
        return False

    def _finish(self, ev: list, winners: tuple[int, ...], how: Termination, reason: str) -> None:
        k = len(winners)
        scores = tuple((1.0 / k if s in winners else 0.0) for s in range(self.n)) if k else (0.0,) * self.n
        self._result = Result(winners, scores, how, reason)
        self.seat = None
        self.phase = "over"
        self._legal = _NO_ACTIONS
        ev.append(GameOver(winners, reason))

    # --- for saves and the editor -------------------------------------------------------------------
    def circuits_of(self, seat: int) -> int:
        return sum(1 for e in self.board.circuits if self.board.owner[e] == seat)


def _where(b: Board, a: Action) -> str:
    """Where a build action builds, as its text names it (`a.to_text()`'s last word), from the
    board's table of names."""
    if a.item == "gridrunner":
        return b.point_name(a.a)
    if a.item == "diode":
        p, q = b.ends(a.a)
        return f"{b.point_name(q if p == a.b else p)}>{b.point_name(a.b)}"
    return b.circuit_name(a.a)


_SWITCH_LISTS: dict[int, list[int]] = {}


def _keep_switches(b: Board, before: int) -> None:
    """The board's layout changed from `before` with the same circuits holding switches."""
    hit = _SWITCH_LISTS.get(before)
    if hit is not None:
        _SWITCH_LISTS[b.layout] = hit


_AFFORDABLE: dict[tuple[int, int], tuple[object, tuple[str, ...]]] = {}


def _affordable(costs, energy: int) -> tuple[str, ...]:
    """The items of OBJECT_OF_ITEM (in its order) that `energy` pays for, per costs and energy."""
    key = (id(costs), energy)
    hit = _AFFORDABLE.get(key)
    if hit is None or hit[0] is not costs:
        if len(_AFFORDABLE) > 4096:
            _AFFORDABLE.clear()
        hit = _AFFORDABLE[key] = (costs, tuple(name for name in OBJECT_OF_ITEM if getattr(costs, name) <= energy))
    return hit[1]


def _switches(b: Board) -> list[int]:
    """The circuits holding a switch, ascending. Cached by the board's layout id (every change of
    an object touches the layout; treat the result as read-only)."""
    hit = _SWITCH_LISTS.get(b.layout)
    if hit is None:
        if len(_SWITCH_LISTS) > 4096:
            _SWITCH_LISTS.clear()
        hit = _SWITCH_LISTS[b.layout] = list(compress(b.circuits, map(_SWITCHES.__contains__, b.on_circuits(b.obj))))
    return hit


__all__ = ["CircuitWarState", "PHASES", "END", "GREY"]
