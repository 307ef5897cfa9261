"""Legal moves over flat board lists (manual "Movement" and "Attacks").

A move is an int: `frm | to << 9 | how << 18`; it is an attack when `to` holds an enemy piece. `how`
says which rule allows it, which is also what the move reveals to the opponent:
SLIDE (rule 2, within the slide), LONG (rule 3, an antelope beyond the slide), FLY (rule 4, a hawk
over an adjacent piece), CROSS (rule 5, a camel across a desert), POWER (rule 6, power square to
power square).
"""
from __future__ import annotations

from .geometry import Geometry
from .pieces import ANTELOPE, CAMEL, HAWK, MOBILE

SLIDE, LONG, FLY, CROSS, POWER = range(5)
HOW_NAMES = ("slide", "long slide", "fly-over", "desert crossing", "power square")
SQ_MASK = 0x1FF


def encode(frm: int, to: int, how: int) -> int:
    return frm | (to << 9) | (how << 18)


def decode(m: int) -> tuple[int, int, int]:
    return m & SQ_MASK, (m >> 9) & SQ_MASK, m >> 18


def forbidden_by_repetition(hist: tuple) -> tuple[int, int] | None:
    """Manual, Move Repetition: "No piece may move from square A to square B and then back to square
    A in three consecutive moves." With the side's last two moves A->B then B->A, the third, A->B
    again, is refused. `hist` is the side's (second-last, last) moves as (from, to) or None."""
    prev, last = hist
    if prev is not None and last is not None and last[0] == prev[1] and last[1] == prev[0]:
        return prev
    return None


def gen_moves(geo: Geometry, side_at: list[int], type_at: list[int], side: int, slide: int,
              forbid: tuple[int, int] | None = None, squares=None) -> list[int]:
    """Every legal move of `side` (types of its own pieces must be known; enemy types are not read).
    `squares`: the side's squares when the caller keeps them (else the board is scanned)."""
    out: list[int] = []
    add = out.append
    rays, fly, cross, links, power = geo.rays, geo.fly, geo.cross, geo.power_links, geo.power
    enemy = 1 - side
    for frm in sorted(squares) if squares is not None else [s for s in range(geo.n) if side_at[s] == side]:
        t = type_at[frm]
        if not MOBILE[t]:
            continue
        limit = 99 if t == ANTELOPE else slide
        base = frm
        for d in range(4):
            i = 0
            for to in rays[frm][d]:
                o = side_at[to]
                if o < 0:
                    if i >= limit:
                        break
                    add(base | (to << 9) | ((LONG << 18) if i >= slide else 0))
                    i += 1
                    continue
                if i == 0 and o == enemy:  # attack rule 1: an adjacent opponent piece
                    add(base | (to << 9))
                break
            if t == HAWK:
                f = fly[frm][d]
                if f is not None and side_at[f[0]] >= 0 and side_at[f[1]] != side:
                    add(base | (f[1] << 9) | (FLY << 18))  # attack rule 2 when an enemy is there
            elif t == CAMEL:
                to = cross[frm][d]
                if to >= 0 and side_at[to] < 0:
                    add(base | (to << 9) | (CROSS << 18))
        if power[frm]:
            for to in links[frm]:  # power squares in another lane (geometry._lanes)
                if side_at[to] < 0:
                    add(base | (to << 9) | (POWER << 18))
    if forbid is not None:
        a, b = forbid
        out = [m for m in out if not ((m & SQ_MASK) == a and ((m >> 9) & SQ_MASK) == b)]
    return out


def how_for(geo: Geometry, side_at: list[int], type_at: list[int], side: int, slide: int,
            forbid, frm: int, to: int) -> int | None:
    """The rule that allows frm->to, or None when it is not legal. A power-square move is preferred
    over a slide to the same square because it reveals nothing."""
    best = None
    for m in gen_moves(geo, side_at, type_at, side, slide, forbid):
        if (m & SQ_MASK) == frm and ((m >> 9) & SQ_MASK) == to:
            how = m >> 18
            if best is None or how == POWER:
                best = how
    return best


def gen_attacks(geo: Geometry, side_at: list[int], type_at: list[int], side: int, squares=None) -> list[int]:
    """Only the attacks of `side` (adjacent, and hawks flying over a piece): for the search's horizon.
    `squares` as in gen_moves."""
    out: list[int] = []
    add = out.append
    adj, fly = geo.adj, geo.fly
    enemy = 1 - side
    for frm in sorted(squares) if squares is not None else [s for s in range(geo.n) if side_at[s] == side]:
        t = type_at[frm]
        if not MOBILE[t]:
            continue
        if t != HAWK:
            for to in adj[frm]:
                if side_at[to] == enemy:
                    add(frm | (to << 9))
            continue
        for d, f in enumerate(fly[frm]):
            to = geo.nb[frm][d]
            if to >= 0 and side_at[to] == enemy:
                add(frm | (to << 9))
            elif f is not None and side_at[f[0]] >= 0 and side_at[f[1]] == enemy:
                add(frm | (f[1] << 9) | (FLY << 18))
    return out
