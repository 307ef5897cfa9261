"""What the computer players measure on a position: routes to a CPU along circuits, threats, material.

Everything reads the public board only, so it works on views.
"""
from __future__ import annotations

from collections import deque

from .board import DIODE, EMPTY, GROUND, NO_CIRCUIT, SAME_CIRCUITS, SWITCH_OFF

FAR = 99


def passable(obj: int, d: int) -> bool:
    """Whether a gridrunner crossing a circuit with `obj` in direction d survives the object itself."""
    return obj != GROUND and obj != SWITCH_OFF and (obj < DIODE or obj - DIODE == d)


_CACHE: dict = {}


def distances_to(b, target: int, objects: bool = False) -> dict[int, int]:
    """Steps a gridrunner needs along circuits to reach point `target` (unreachable points absent);
    with `objects`, circuits whose object would kill it on the way count as cut. Cached by the
    board's layout id (treat the result as read-only)."""
    key = (b.layout, target, objects)
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        hit = _CACHE[key] = _distances(b, (target,), objects)
    return hit


def distances_to_any(b, targets: tuple[int, ...]) -> dict[int, int]:
    """Steps a gridrunner needs along circuits to reach the nearest of the points `targets`: for
    every point, the least of its `distances_to` each target (one search from all of them: a way
    never passes through a CPU). Cached by the board's layout id (treat as read-only)."""
    key = (b.layout, targets, False)
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        hit = _CACHE[key] = _distances(b, targets, False)
    return hit


def _distances(b, targets: tuple[int, ...], objects: bool) -> dict[int, int]:
    dist = dict.fromkeys(targets, 0)
    todo = deque(targets)
    owner, obj, nbr, cpu = b.owner, b.obj, b.nbr, b.cpu
    pop, push = todo.popleft, todo.append
    while todo:
        q = pop()
        dq = dist[q] + 1
        for d, step in enumerate(nbr[q]):
            if step is None:
                continue
            e, p = step
            if p in dist or owner[e] == NO_CIRCUIT or cpu[p] != EMPTY:
                continue
            if objects:  # a runner on p would move towards q, i.e. in direction opposite(d)
                o = obj[e]
                if o == GROUND or o == SWITCH_OFF or (o >= DIODE and o - DIODE != (d + 2) % 4):
                    continue
            dist[p] = dq
            push(p)
    return dist


def within(b, target: int, steps: int) -> list[int]:
    """The points `distances_to(b, target)` puts at most `steps` away, found without the rest."""
    dist = {target: 0}
    layer = [target]
    owner, nbr, cpu = b.owner, b.nbr, b.cpu
    for k in range(1, steps + 1):
        nxt = []
        for q in layer:
            for step in nbr[q]:
                if step is None:
                    continue
                e, p = step
                if p in dist or owner[e] == NO_CIRCUIT or cpu[p] != EMPTY:
                    continue
                dist[p] = k
                nxt.append(p)
        layer = nxt
    return list(dist)


def route(b, p: int, target: int, dist: dict[int, int] | None = None) -> list[int]:
    """The points of a shortest way a gridrunner on p can walk into point `target` without an object
    killing it (ending with `target`), or [] when there is none."""
    dist = distances_to(b, target, objects=True) if dist is None else dist
    if p not in dist:
        return []
    path, cur = [], p
    while cur != target:
        for d, step in enumerate(b.nbr[cur]):
            if step is None:
                continue
            e, q = step
            if b.owner[e] != NO_CIRCUIT and passable(b.obj[e], d) and dist.get(q, FAR) == dist[cur] - 1:
                cur = q
                path.append(q)
                break
        else:
            return []
    return path


_NETWORKS: dict[tuple[int, int], tuple[set[int], set[int]]] = {}


def network(b, start: int) -> tuple[set[int], set[int]]:
    """(the points joined to point `start` by circuits, the free circuit cells next to those points:
    where a new circuit would touch that network). Cached by the board's layout id, and derived from
    the last layout's when that one is cached and the change is known (Board.touch): a Build phase's
    circuits and objects change it little. Treat the sets as read-only."""
    key = (b.layout, start)
    hit = _NETWORKS.get(key)
    if hit is None:
        last = b.last
        before = _NETWORKS.get((last[0], start)) if last is not None else None
        if before is None:
            hit = _network(b, start)
        elif last[1] == SAME_CIRCUITS:
            hit = before
        else:
            hit = _grown(b, before, last[1])
        if len(_NETWORKS) > 4096:
            _NETWORKS.clear()
        _NETWORKS[key] = hit
    return hit


def _network(b, start: int) -> tuple[set[int], set[int]]:
    seen: set[int] = {start}
    rim: set[int] = set()
    _spread(b, seen, rim, [start])
    return seen, rim


def _spread(b, seen: set[int], rim: set[int], todo: list[int]) -> None:
    """Add to `seen` the points joined by circuits to those in `todo` (already seen), and to `rim`
    the free circuit cells next to every point it reaches."""
    owner, nbr, add, push, edge = b.owner, b.nbr, seen.add, todo.append, rim.add
    while todo:
        for step in nbr[todo.pop()]:
            if step is None:
                continue
            if owner[step[0]] == NO_CIRCUIT:
                edge(step[0])
            elif step[1] not in seen:
                add(step[1])
                push(step[1])


def _grown(b, before: tuple[set[int], set[int]], e: int) -> tuple[set[int], set[int]]:
    """`before` once circuit e is built: e leaves the rim, and when it joins a point outside the
    network, that point and everything joined to it come in, with their free circuits."""
    seen, rim = before
    if e not in rim:  # neither end on the network
        return before
    p, q = b.ends(e)
    rim = rim - {e}
    if p in seen and q in seen:
        return seen, rim
    new = q if p in seen else p
    seen = seen | {new}
    _spread(b, seen, rim, [new])
    return seen, rim


_NEAR_CIRCUITS: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}


def circuit_nearness(b, targets: tuple[int, ...]) -> list[int]:
    """Cell -> for a circuit cell, the grid steps (ignoring circuits: `manhattan`) from the nearer
    of its two points to the nearest of the points `targets`; 20 without targets. Made once per
    grid size and targets (treat as read-only)."""
    key = (b.rows, b.cols, targets)
    hit = _NEAR_CIRCUITS.get(key)
    if hit is None:
        near = {}
        for p in b.points:
            near[p] = min((manhattan(b, p, t) for t in targets), default=20)
        hit = [0] * (b.rows * b.cols)
        for e, (p, q) in zip(b.circuits, b.circuit_ends):
            hit[e] = min(near[p], near[q])
        if len(_NEAR_CIRCUITS) > 64:
            _NEAR_CIRCUITS.clear()
        _NEAR_CIRCUITS[key] = hit
    return hit


def cpus(b) -> dict[int, int]:
    """seat -> its CPU point (Board.cpus; treat the result as read-only)."""
    return b.cpus()


def runners(b, seat: int) -> list[int]:
    """The points of `seat`'s gridrunners, ascending (Board.runners)."""
    return b.runners(seat)


def manhattan(b, p: int, q: int) -> int:
    (r1, c1), (r2, c2) = b.rc(p), b.rc(q)
    return (abs(r1 - r2) + abs(c1 - c2)) // 2


def evaluate(g, me: int) -> float:
    """A static score of the position for side `me` (higher is better)."""
    if g.result is not None:
        if me in g.result.winners:
            return 10_000.0 if len(g.result.winners) == 1 else 0.0  # a draw at the turn limit is no win
        return -10_000.0
    if not g.alive[me]:
        return -10_000.0
    b = g.board
    where = cpus(b)
    drains = g.rules.collision.cpu_drain
    score = 0.0
    counts = [0] * g.n
    for e in b.circuits:
        o = b.owner[e]
        if 0 <= o < g.n:
            counts[o] += 1
    enemies = [s for s in range(g.n) if s != me and g.alive[s]]
    score += 1.5 * counts[me] - 1.5 * sum(counts[s] for s in enemies) / max(1, len(enemies))
    # energy is for spending, but an enemy's energy is what stands between my gridrunners and a kill
    score += 0.15 * g.energy[me] - 0.8 * sum(g.energy[s] for s in enemies) / max(1, len(enemies))
    score += 60.0 * sum(1 for s in range(g.n) if s != me and not g.alive[s])
    dist_to = {s: distances_to(b, where[s]) for s in where}
    open_to = {s: distances_to(b, where[s], objects=True) for s in where}
    for p in b.points:
        s = b.runner[p]
        if s == EMPTY:
            continue
        lv = b.level[p]
        worth = 6.0 + 3.0 * lv
        if s == me:
            score += worth
            best = min((dist_to[t].get(p, FAR) for t in enemies if t in dist_to), default=FAR)
            if best < FAR:
                score += 30.0 / (1 + best)
            # a gridrunner with an open way to an enemy CPU whose energy its drain would take below zero
            for t in enemies:
                d = open_to[t].get(p, FAR) if t in open_to else FAR
                if d <= 5:
                    score += (120.0 if g.energy[t] < drains.at(lv) else 25.0) / d
            # my own gridrunner next to my CPU: one enemy beam can push it in ('ANY - friend or foe!')
            d = open_to[me].get(p, FAR) if me in open_to else FAR
            if d <= 3 and g.energy[me] < drains.at(lv):
                score -= 150.0 / d
        else:
            score -= worth / max(1, len(enemies))
            if me in dist_to:
                d = dist_to[me].get(p, FAR)
                if d < FAR:
                    score -= 30.0 / (1 + d)
                d = open_to[me].get(p, FAR)
                if d <= 5:
                    score -= (250.0 if g.energy[me] < drains.at(lv) else 20.0) / d
    return score
