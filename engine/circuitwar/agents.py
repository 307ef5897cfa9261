"""Computer players for Circuit War (its author: "as difficult as writing one for a chess game"):

- `random`: a uniformly random legal action.
- `heuristic`: scores every legal action by rules of thumb from the manual's strategy section (build
  circuits first, branch out of the CPU, guard the CPU's connections with diodes, keep energy to
  survive a drain, drive gridrunners along circuits to the enemy CPU, fire beams whose previewed
  outcome hurts the enemy) and plays the best.
- `search`: takes the heuristic's best few actions, plays each on copies of the game with its own
  dice (several samples where chance matters), lets the heuristic finish its part of the phase, and
  keeps the action whose outcomes evaluate best (analysis.evaluate); in a duel it guards its CPU
  in the first turns (SearchAgent's `guard`).
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Any

from gridsmith.engine.core import agents as core_agents
from gridsmith.engine.core.rng import CounterRng

from .analysis import (FAR, circuit_nearness, cpus, distances_to, distances_to_any, evaluate, manhattan,
                       network, passable, route, runners, within)
from .actions import Action, BuildList
from .beam import preview
from .board import CAPACITOR, DIODE, DIR_DELTAS, EMPTY, GROUND, NO_CIRCUIT, NONE, RESISTOR, SWITCH_OFF, opposite
from .events import CpuDrained, CpuStruck, Died, SideKilled


# the baseline every game shares (engine.core.agents)
RandomAgent = core_agents.RandomAgent


_NEAREST: dict[tuple[int, tuple[int, ...]], dict[int, tuple[int, int]]] = {}


class Context:
    """What the heuristic needs about one position, computed once per decision (the distance maps
    only when a phase's scores ask for them)."""

    def __init__(self, g, blow_roads: bool = False, guard: int = 0) -> None:
        self.g = g
        #: whether the Action phase blows plain circuits away from my CPU (the players before session
        #: 38 did; golden traces recorded then keep it)
        self.blow_roads = blow_roads
        #: the search's guard (SearchAgent.guarding): 0 none; GUARD: the Build phase keeps building
        #: when energy kept back could not survive the nearby threat's drain anyway, and evicts an
        #: enemy gridrunner from my gate (EVICT); RINGED: that and diodes around my gate (ring)
        self.guard = int(guard)
        b = self.b = g.board
        self.me = g.seat
        self.where = cpus(b)
        self.mycpu = self.where.get(self.me, -1)
        self.enemies = [s for s in range(g.n) if s != self.me and g.alive[s] and s in self.where]
        self.le = g.rules.collision.level_energy
        self.drain = g.rules.collision.cpu_drain
        self._dist: dict[int, dict[int, int]] | None = None
        self._to_enemy: dict[int, int] | None = None
        targets = tuple(self.where[t] for t in self.enemies)
        key = (b.cols, targets)
        if key not in _NEAREST:
            if len(_NEAREST) > 256:
                _NEAREST.clear()
            _NEAREST[key] = {}
        #: point -> (steps to the nearest enemy CPU, that CPU's point), shared by every position
        #: with the same enemy CPUs
        self._near = _NEAREST[key]
        self._targets = targets
        self._gates: dict[int, tuple[int, int, int]] | None = None

    @property
    def gates(self) -> dict[int, tuple[int, int, int]]:
        """The way into an enemy CPU: gate point -> (its CPU, the circuit joining them, the direction
        from the gate into the CPU). Only a gridrunner on a gate can walk, or be pushed, into a CPU."""
        if self._gates is None:
            self._gates = {}
            b = self.b
            for t in self.enemies:
                c = self.where[t]
                for d, step in enumerate(b.nbr[c]):
                    if step is not None and b.owner[step[0]] != NO_CIRCUIT and b.cpu[step[1]] == EMPTY:
                        self._gates[step[1]] = (c, step[0], opposite(d))
        return self._gates

    def support(self, gate: int) -> int:
        """The point behind a gate, in line with its CPU and joined to the gate by a circuit: a beam
        fired from it into the gate pushes the gridrunner there into the CPU (manual 7: "allow a
        beam shot that will push a gridrunner into the CPU"); -1 when there is none."""
        d = opposite(self.gates[gate][2])
        step = self.b.nbr[gate][d]
        return step[1] if step is not None and self.b.owner[step[0]] != NO_CIRCUIT else -1

    def _nearest(self, x: int) -> tuple[int, int]:
        hit = self._near.get(x)
        if hit is None:
            if self._targets:
                t = min(self._targets, key=lambda y: manhattan(self.b, x, y))
                hit = (manhattan(self.b, x, t), t)
            else:
                hit = (20, -1)
            self._near[x] = hit
        return hit

    @property
    def dist(self) -> dict[int, dict[int, int]]:
        """enemy seat -> steps along circuits to its CPU (analysis.distances_to)."""
        if self._dist is None:
            self._dist = {s: distances_to(self.b, self.where[s]) for s in self.enemies}
        return self._dist

    def near(self, x: int) -> int:
        """Grid steps (ignoring circuits) from point x to the nearest enemy CPU; 20 without one."""
        return self._nearest(x)[0]

    def to_enemy(self, p: int) -> int:
        """Steps along circuits from p to the nearest enemy CPU (FAR: none reachable); memoized,
        the Move and Action scores ask it several times per point."""
        if self._to_enemy is None:  # the least of self.dist's maps, in one search
            self._to_enemy = distances_to_any(self.b, self._targets)
        hit = self._to_enemy.get(p, FAR)
        if hit > FAR:  # a way longer than FAR: an enemy out of reach counts FAR (as ever)
            hit = min(self.dist[t].get(p, FAR) for t in self.enemies)
        return hit

    def flux(self, p: int, d: int) -> str:
        """The flux letter that turns a beam fired from p in direction d towards the nearest enemy CPU."""
        if not self.enemies:
            return "N"
        t = self._nearest(p)[1]
        (r1, c1), (r2, c2) = self.b.rc(p), self.b.rc(t)
        if d in (0, 2):
            return "E" if c2 >= c1 else "W"
        return "S" if r2 >= r1 else "N"

    #: guard levels (Context.guard)
    GUARD, RINGED = 1, 2

    #: an outward diode on another circuit of my gate (a ring): an enemy gridrunner walking onto the
    #: gate, or pushed onto it by a beam, dies crossing it (manual 3 DIODE: "Anything traversing the
    #: other way is immediately destroyed"); above circuits, below the first two gridrunners
    RING = 35.0

    def ring(self) -> dict[int, int]:
        """When guarding with the ring: each plain circuit of mine at one of my gates, other than
        the one into my CPU -> the point away from the gate, the way its diode should pass."""
        out: dict[int, int] = {}
        if self.guard < self.RINGED or self.mycpu < 0:
            return out
        b, me = self.b, self.me
        for step in b.nbr[self.mycpu]:
            if step is None or b.owner[step[0]] == NO_CIRCUIT:
                continue
            for e, x in filter(None, b.nbr[step[1]]):
                if e != step[0] and b.owner[e] == me and b.obj[e] == NONE:
                    out[e] = x
        return out

    #: a new gridrunner on a gate where an enemy one stands destroys it (manual 5 BUILDING
    #: GRIDRUNNERS: "Any other gridrunner ... on the build point will be destroyed and replaced"):
    #: when guarding, the first thing to build
    EVICT = 70.0

    def reserve(self) -> int:
        """Energy to keep back in the Build phase: one more than the nearby threat's drain (nothing
        without a threat, or, when guarding, when my energy is already below that drain)."""
        threat = self.threat()
        if not threat or (self.guard and self.g.energy[self.me] <= threat):
            return 0
        return threat + 1

    def threat(self) -> int:
        """The largest drain an enemy gridrunner within 4 steps of my CPU could do."""
        worst = 0
        if self.mycpu < 0:
            return worst
        b, me, cpu = self.b, self.me, self.mycpu
        # steps along circuits are never fewer than grid steps: most positions have no enemy
        # gridrunner that near, and need no search
        if not any(b.runner[p] != me and manhattan(b, p, cpu) <= 4 for p in b.occupied):
            return worst
        for p in within(self.b, self.mycpu, 4):
            s = self.b.runner[p]
            if s not in (EMPTY, self.me):
                worst = max(worst, self.drain.at(self.b.level[p]))
        return worst


def _connected(b, start: int) -> set[int]:
    """The points joined to `start` by circuits."""
    seen, todo = {start}, [start]
    owner, nbr, add, push = b.owner, b.nbr, seen.add, todo.append
    while todo:
        for step in nbr[todo.pop()]:
            if step is not None and step[1] not in seen and owner[step[0]] != NO_CIRCUIT:
                add(step[1])
                push(step[1])
    return seen


def _runner_score(mine: int, energy: int, cost: int) -> float:
    """A new gridrunner's build score (the same in score_builds and best_build): the first two come
    before anything, two more before most circuits, when energy is at least twice its cost."""
    if energy < 2 * cost:
        return -2.0
    if mine < 2:
        return 40.0
    return 18.0 if mine < 4 else 1.0


def score_builds(ctx: Context, legal: list) -> list[tuple[float, Any]]:
    g, b, me = ctx.g, ctx.b, ctx.me
    costs = g.rules.build.costs
    mine = runners(b, me)
    network = _connected(b, ctx.mycpu) if ctx.mycpu >= 0 else set()
    cpu_links = [s for s in (b.nbr[ctx.mycpu] if ctx.mycpu >= 0 else ()) if s is not None and b.owner[s[0]] == me]
    reserve = ctx.reserve()
    ring = ctx.ring()
    near = ctx.near
    out = []
    for a in legal:
        if a.op == "end":
            out.append((0.5, a))
            continue
        cost = getattr(costs, a.item)
        s = -1.0
        if a.item == "gridrunner":
            s = _runner_score(len(mine), g.energy[me], cost)
            e = b.nbr[ctx.mycpu][b.direction(ctx.mycpu, a.a)][0]
            if not passable(b.obj[e], b.direction(ctx.mycpu, a.a)):
                s = -50.0
            elif b.runner[a.a] == me:
                s = -20.0  # it would only replace my own gridrunner standing there
            elif ctx.guard and b.runner[a.a] != EMPTY:
                s = ctx.EVICT
        elif a.item == "circuit":
            p, q = b.ends(a.a)
            s = 3.0
            if p in network or q in network:
                s += 8.0 + max(0, 20 - min(near(p), near(q)))
            if ctx.mycpu in (p, q):
                s += 25.0 if not cpu_links else -6.0
        elif a.item == "diode":
            p, q = b.ends(a.a)
            if ctx.mycpu in (p, q) and a.b != ctx.mycpu:
                s = 22.0  # lets my gridrunners out and kills whatever comes in
            elif ring.get(a.a) == a.b:
                s = ctx.RING
        if g.energy[me] - cost < reserve:
            s -= 30.0
        out.append((s, a))
    return out


_TOUCHING: dict[int, tuple[list[int], list[float]]] = {}


def _touching_scores(b, targets: tuple[int, ...]) -> list[float]:
    """Cell -> a free circuit's build score when it touches my network, before its CPU and energy
    terms (score_builds: 3 + 8 + what its nearness to an enemy CPU adds); per circuit_nearness list."""
    near = circuit_nearness(b, targets)
    hit = _TOUCHING.get(id(near))
    if hit is None or hit[0] is not near:
        if len(_TOUCHING) > 64:
            _TOUCHING.clear()
        _TOUCHING[id(near)] = (near, [3.0 + 8.0 + (20 - x if x < 20 else 0) for x in near])
        hit = _TOUCHING[id(near)]
    return hit[1]


def best_build(ctx: Context, legal: BuildList, rng: CounterRng) -> Action:
    """The action `max(scored(...))` picks in a Build phase (score_builds' scores, ties to the first
    best at or after the drawn index, cyclically), computed on the parts of the BuildList: a score
    list made by repeating the few distinct values and correcting the circuits whose score differs
    (those touching my network, those at my CPU), instead of scoring hundreds of actions."""
    g, b, me = ctx.g, ctx.b, ctx.me
    costs = g.rules.build.costs
    energy, mycpu = g.energy[me], ctx.mycpu
    reserve = ctx.reserve()
    n = len(legal)
    k = rng.randrange(n)  # the same one draw as scored()

    def pen(cost: int) -> float:
        return 30.0 if energy - cost < reserve else 0.0

    ss = [0.5]
    circuits = legal.circuits
    if circuits:
        free_next = network(b, mycpu)[1] if mycpu >= 0 else set()
        cpu_links = mycpu >= 0 and any(x is not None and b.owner[x[0]] == me for x in b.nbr[mycpu])
        near = _touching_scores(b, ctx._targets)  # 3 + 8 + the nearness term, per circuit
        at_cpu = {x[0] for x in b.nbr[mycpu] if x is not None} if mycpu >= 0 else set()
        pc = pen(costs.circuit)
        ss.extend([3.0 - pc] * len(circuits))
        # the free circuits touching my network, looked up in the list (a set lookup per free
        # circuit, or a binary search per rim circuit when the network is small); their scores are
        # whole numbers: added in this order, the same floats as score_builds
        nc = len(circuits)
        if nc < 4 * len(free_next):
            for i, e in enumerate(circuits, 1):
                if e in free_next:
                    ss[i] = near[e] - pc
        else:
            for e in free_next:
                i = bisect_left(circuits, e)
                if i < nc and circuits[i] == e:
                    ss[1 + i] = near[e] - pc
        for e in at_cpu:  # those of them at my CPU
            if e in free_next:
                i = bisect_left(circuits, e)
                if i < nc and circuits[i] == e:
                    ss[1 + i] += 25.0 if not cpu_links else -6.0
    objects = legal.objects
    if objects and legal.block:
        block = [-1.0 - pen(getattr(costs, name)) for name in legal.items]
        pd = pen(costs.diode)
        if legal.diode:
            block += [-1.0 - pd, -1.0 - pd]
        start = len(ss)
        ss.extend(block * len(objects))
        if legal.diode and mycpu >= 0:
            for step in b.nbr[mycpu]:
                if step is None:
                    continue
                i = bisect_left(objects, step[0])
                if i == len(objects) or objects[i] != step[0]:
                    continue
                p, q = legal.ends(step[0])
                at = start + i * legal.block + len(legal.items)
                ss[at] = (22.0 if q != mycpu else -1.0) - pd  # the diode passing towards q, then p
                ss[at + 1] = (22.0 if p != mycpu else -1.0) - pd
        if legal.diode:
            for e, x in ctx.ring().items():
                i = bisect_left(objects, e)
                if i == len(objects) or objects[i] != e:
                    continue
                at = start + i * legal.block + len(legal.items)
                ss[at if legal.ends(e)[1] == x else at + 1] = ctx.RING - pd
    if legal.runners:
        mine = len(runners(b, me))
        cost = costs.gridrunner
        for q in legal.runners:
            d = b.direction(mycpu, q)
            sc = _runner_score(mine, energy, cost)
            if not passable(b.obj[b.nbr[mycpu][d][0]], d):
                sc = -50.0
            elif b.runner[q] == me:
                sc = -20.0
            elif ctx.guard and b.runner[q] != EMPTY:
                sc = ctx.EVICT
            ss.append(sc - pen(cost))
    best = max(ss)
    try:
        i = ss.index(best, k)
    except ValueError:
        i = ss.index(best)
    return legal[i]


_DIRECTIONS: dict[int, dict[int, int]] = {}


def _directions(cols: int) -> dict[int, int]:
    """q - p -> the direction d from point p to its neighbour q (Board.direction without the walk
    over p's steps), per grid width."""
    hit = _DIRECTIONS.get(cols)
    if hit is None:
        hit = _DIRECTIONS[cols] = {2 * (dr * cols + dc): d for d, (dr, dc) in enumerate(DIR_DELTAS)}
    return hit


def score_moves(ctx: Context, legal: list) -> list[tuple[float, Any]]:
    g, b, me = ctx.g, ctx.b, ctx.me
    to_enemy = ctx.to_enemy
    out = []
    # commit: the Move phase's few actions go to the gridrunner nearest an enemy CPU (the strongest
    # of those), not spread over the fleet
    mine = [(to_enemy(p), -b.level[p], p) for p in runners(b, me)]
    striker = min(mine)[2] if mine and min(mine)[0] < FAR else -1
    dirs, nbr, level, objs, owner = _directions(b.cols), b.nbr, b.level, b.obj, b.owner
    for a in legal:
        op = a.op
        if op == "end":
            out.append((0.0, a))
            continue
        if op == "toggle":
            out.append((-1.0, a))
            continue
        p, q = a.a, a.b
        d = dirs[q - p]
        e = nbr[p][d][0]
        lv, obj = level[p], objs[e]
        if not passable(obj, d):
            out.append((-100.0, a))
            continue
        tp, tq = to_enemy(p), to_enemy(q)  # each asked once (memoized, but a call each)
        s = 5.0 * (tp - tq) if tp < FAR else -0.5
        t = b.cpu[q]
        if t == me:
            s = -100.0
        elif t != EMPTY:
            s = 120.0 if g.energy[t] < ctx.drain.at(lv) else 30.0
        other = b.runner[q]
        if other not in (EMPTY, me):
            mine_e, theirs = ctx.le.at(lv), ctx.le.at(level[q])
            s += 15.0 if mine_e > theirs else 2.0 if mine_e == theirs else -30.0
        if obj == RESISTOR:
            s -= 3.0 + (40.0 if lv == 0 else 0.0)
        elif obj == CAPACITOR:
            if owner[e] == me and lv < 2 and b.charge[e] > 0:
                s += 3.0
            elif owner[e] != me:
                s -= 2.0 + (40.0 if lv == 0 else 0.0)
        if owner[e] != me:
            s += 1.0  # captures
        s += _siege(ctx, p, q)
        if p == striker and tq < tp:
            s += 4.0
        out.append((s, a))
    return out


def _siege(ctx: Context, p: int, q: int) -> float:
    """Gathering at an enemy CPU: one gridrunner on each gate, a second behind it to push it in."""
    gates, b, me = ctx.gates, ctx.b, ctx.me
    s = 0.0
    if q in gates and b.runner[q] != me:
        s += 12.0
    elif p not in gates:
        for gate in gates:
            if b.runner[gate] == me and ctx.support(gate) == q:
                s += 10.0
                break
    if p in gates and q not in gates and b.cpu[q] == EMPTY:
        s -= 10.0  # leaving a gate
    return s


def _fire_score(ctx: Context, trace) -> float:
    me, s = ctx.me, 0.0
    for e in trace.events:
        if isinstance(e, SideKilled):
            s += -1000.0 if e.seat == me else 500.0
        elif isinstance(e, CpuDrained):
            s += -60.0 if e.seat == me else 40.0
        elif isinstance(e, CpuStruck):
            s += (-1.0 if e.seat == me else 0.5) * e.amount
        elif isinstance(e, Died):
            s += -8.0 if e.seat == me else 8.0
    return s


def _road(b, e: int, mycpu: int) -> bool:
    """A plain circuit not joined to my CPU: the computer players do not blow it (unless
    `blow_roads`); the circuits at my CPU and the objects on any circuit stay targets."""
    return b.obj[e] == NONE and mycpu not in b.ends(e)


def score_actions(ctx: Context, legal: list, rng: CounterRng) -> list[tuple[float, Any]]:
    g, b = ctx.g, ctx.b
    out = []
    fluxes: dict[tuple[int, int], str] = {}  # (point, direction) -> ctx.flux: once, not per flux letter
    for a in legal:
        if a.op == "end":
            out.append((0.0, a))
        elif a.op == "toggle":
            out.append((-1.0, a))
        elif a.op == "attack":
            e, obj = a.b, b.obj[a.b]
            if b.owner[e] == ctx.me:  # legal by default (attack.own_circuits), never worth it here
                out.append((-5.0, a))
                continue
            gate = ctx.gates.get(a.a)
            if gate is not None and gate[1] == e:  # the circuit between a gate and its CPU
                out.append((60.0 if not passable(obj, gate[2]) else -5.0, a))
                continue
            if not ctx.blow_roads and _road(b, e, ctx.mycpu):
                # a plain circuit is a road, to the enemy gates too: blown, it cuts my gridrunners'
                # way to a siege and the game stalls until the safety bound
                out.append((-1.0, a))
                continue
            s = 1.0
            if obj == GROUND or obj == SWITCH_OFF or obj >= DIODE:
                s += 6.0
            if ctx.mycpu in b.ends(e):
                s += 10.0
            if min(ctx.to_enemy(x) for x in b.ends(e)) <= 2:
                s += 4.0
            out.append((s, a))
        else:  # fire: one flux per direction, the one towards the nearest enemy CPU
            f = fluxes.get((a.a, a.b))
            if f is None:
                f = fluxes[a.a, a.b] = ctx.flux(a.a, a.b)
            if a.item != f:
                continue
            # preview fires on its own copy of the game (no log), with these dice: the game itself
            # is not copied first (an outcome from a copy of a copy is the same)
            out.append((_fire_score(ctx, preview(g, a.a, a.b, "NESW".index(f), CounterRng(rng.next_u64()))), a))
    return out


def scored(g, legal: list, rng: CounterRng, blow_roads: bool = False,
           guard: int = 0) -> list[tuple[float, Any]]:
    out = _scores(g, legal, rng, blow_roads, guard)
    # ties go to a random one of the best: one draw per decision, not one per action
    k = rng.randrange(len(out))
    n = len(out)
    return [(s - 1e-6 * ((i - k) % n), a) for i, (s, a) in enumerate(out)]


def _scores(g, legal: list, rng: CounterRng, blow_roads: bool, guard: int) -> list[tuple[float, Any]]:
    """The phase's scores, before the tie-break (scored)."""
    ctx = Context(g, blow_roads, guard)
    if g.phase == "build":
        return score_builds(ctx, legal)
    if g.phase == "move":
        return score_moves(ctx, legal)
    return score_actions(ctx, legal, rng)


def best(g, legal: Sequence[Action], rng: CounterRng, blow_roads: bool = False, guard: int = 0) -> Action:
    """The heuristic's choice: the best scored action (ties: see scored), the first of the best
    as max() takes it, without making scored's list."""
    if g.phase == "build" and isinstance(legal, BuildList):
        return best_build(Context(g, guard=guard), legal, rng)
    out = _scores(g, legal, rng, blow_roads, guard)
    k = rng.randrange(len(out))
    n = len(out)
    top, pick = float("-inf"), None
    for i, (s, a) in enumerate(out):
        v = s - 1e-6 * ((i - k) % n)  # scored's value, the same arithmetic
        if pick is None or v > top:
            top, pick = v, a
    return pick


class HeuristicAgent:
    """`blow_roads=True` plays as before session 38: its attacks also blow plain circuits."""

    name = "heuristic"

    def __init__(self, blow_roads: bool = False, **options: Any) -> None:
        self.blow_roads = bool(blow_roads)
        self.options = options

    def choose(self, view, legal_actions: Sequence[Action], rng: CounterRng):
        return best(view, legal_actions, rng, self.blow_roads)


class SearchAgent:
    """Heuristic candidates, checked by playing them out on copies with the agent's own dice."""

    name = "search"

    def __init__(self, width: int = 5, samples: int = 2, blow_roads: bool = False, guard: bool = True,
                 guard_until: int | None = 12, ring_until: int | None = 7, **options: Any) -> None:
        self.width = int(width)
        self.samples = int(samples)
        self.blow_roads = bool(blow_roads)  # as HeuristicAgent's
        #: `guard` (session 39: on by default) defends its CPU in a duel (two sides left): it builds
        #: on when keeping energy back could not survive a nearby enemy's drain anyway, evicts an enemy
        #: gridrunner from its gate (Context.guard), and before turn `ring_until` rings its gate with
        #: outward diodes (Context.ring); from turn `guard_until` on it plays without (None: never
        #: drops it). A guard kept all game stalls games against itself (docs/rules/circuitwar.md,
        #: sessions 38-39). `guard=False` plays as session 38's default search (the golden traces pin it)
        self.guard = bool(guard)
        self.guard_until = None if guard_until is None else int(guard_until)
        self.ring_until = None if ring_until is None else int(ring_until)
        self.options = options

    def guarding(self, view) -> int:
        """The guard level of this decision (Context.guard): none unless guarding, before
        `guard_until`, with one enemy left; ringed before `ring_until`."""
        turn = view.turn
        if not self.guard or sum(view.alive) != 2 or (self.guard_until is not None and turn >= self.guard_until):
            return 0
        return Context.RINGED if self.ring_until is None or turn < self.ring_until else Context.GUARD

    def choose(self, view, legal_actions: list, rng: CounterRng):
        me = view.seat
        if view.phase == "build":
            return self._build(view, legal_actions, rng)
        ranked = sorted(scored(view, legal_actions, rng, self.blow_roads), key=lambda t: -t[0])
        cands = [a for _, a in ranked[: self.width]]
        b, home = view.board, cpus(view.board).get(me, -1)
        cands += [a for a in legal_actions if a.op == "attack" and a not in cands and b.owner[a.b] != me
                  and (self.blow_roads or not _road(b, a.b, home))]
        if all(a.op != "end" for a in cands):
            cands.append(next(a for a in legal_actions if a.op == "end"))
        best, best_v = cands[0], float("-inf")
        if view.phase == "move":
            best, best_v = self._rushes(view, legal_actions, rng)
        if len(cands) == 1 and best_v == float("-inf"):
            return cands[0]
        for a in cands:
            n = self.samples if a.op in ("fire", "attack", "build", "move") else 1
            total = 0.0
            for _ in range(n):
                g = view.clone(keep_log=False)
                g.rng = CounterRng(rng.next_u64())
                g.apply(a)
                self._finish_part(g, me, rng, self.blow_roads)
                total += evaluate(g, me)
            v = total / n
            if v > best_v:
                best, best_v = a, v
        return best

    def _rushes(self, view, legal_actions: list, rng: CounterRng):
        """Macro moves: each of my gridrunners walks the shortest safe way into an enemy CPU, as far as
        my actions left allow; the value of a rush is the evaluation after all of it."""
        me, b = view.seat, view.board
        legal = set(legal_actions)
        best, best_v = None, float("-inf")
        for t, target in cpus(b).items():
            if t == me or not view.alive[t]:
                continue
            dist = distances_to(b, target, objects=True)
            for p in runners(b, me):
                path = route(b, p, target, dist)
                if not path or len(path) > view.left:
                    continue
                first = Action("move", p, path[0], cols=b.cols)
                if first not in legal:
                    continue
                total = 0.0
                for _ in range(self.samples):
                    g = view.clone(keep_log=False)
                    g.rng = CounterRng(rng.next_u64())
                    cur = p
                    for q in path:
                        if g.is_over or g.to_move != me or g.board.runner[cur] != me:
                            break
                        g.apply(Action("move", cur, q, cols=b.cols))
                        cur = q
                    total += evaluate(g, me)
                v = total / self.samples
                if v > best_v:
                    best, best_v = first, v
        return best, best_v

    def _build(self, view, legal_actions: list, rng: CounterRng):
        """The heuristic's build, unless it would leave less energy than an enemy gridrunner that could
        reach my CPU this turn would drain: then keep it (when guarding, only if keeping it would
        survive that drain; otherwise build on)."""
        me, b = view.seat, view.board
        guard = self.guarding(view)
        a = best(view, legal_actions, rng, guard=guard)
        if a.op == "end":
            return a
        home = cpus(b).get(me)
        if home is None:
            return a
        near = distances_to(b, home, objects=True)
        danger = max((view.rules.collision.cpu_drain.at(b.level[p]) for p, d in near.items()
                      if d <= 6 and b.runner[p] not in (EMPTY, me)), default=0)
        cost = getattr(view.rules.build.costs, a.item)
        if view.energy[me] - cost <= danger and not (guard and view.energy[me] <= danger):
            return next(x for x in legal_actions if x.op == "end")
        return a

    @staticmethod
    def _finish_part(g, me: int, rng: CounterRng, blow_roads: bool = False, limit: int = 4) -> None:
        """The heuristic plays the rest of my part of a Move phase (greedy, cheap)."""
        key = (g.turn, g.pos)
        if g.phase != "move":
            return
        for _ in range(limit):
            if g.is_over or g.to_move != me or (g.turn, g.pos) != key:
                return
            legal = g.legal_actions()
            g.apply(best(g, legal, rng, blow_roads))


__all__ = ["RandomAgent", "HeuristicAgent", "SearchAgent", "NO_CIRCUIT"]
