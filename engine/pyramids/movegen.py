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


#: how a piece type moves, for the tables of `move_table`: 0 slides only, 1 antelope, 2 hawk, 3 camel
_PLAIN, _ANTELOPE, _HAWK, _CAMEL = range(4)
KIND = tuple(_ANTELOPE if t == ANTELOPE else _HAWK if t == HAWK else _CAMEL if t == CAMEL else _PLAIN
             for t in range(len(MOBILE)))
_TABLES: dict[tuple[int, int], tuple] = {}


def move_table(geo: Geometry, slide: int) -> tuple:
    """Every move a piece could make from each square, encoded once per board and slide, in the
    order `gen_moves` lists them: (by_type, power). by_type[piece type] is None for a piece that
    cannot move, else per square a tuple of one entry per direction: (first square, its move,
    (square, move) of the squares beyond it within reach), directions without a square left out;
    a hawk's and a camel's entries have all four directions, the first square -1 when there is
    none, and a fourth item: the hawk's (over, landing, move) or the camel's (landing, move) that
    way, else None. power[frm]: (square, move) of the power squares linked to frm."""
    key = (id(geo), slide)
    got = _TABLES.get(key)
    if got is not None and got[0] is geo:
        return got[1]
    kinds = []
    for kind in range(4):
        limit = 99 if kind == _ANTELOPE else slide
        special = kind in (_HAWK, _CAMEL)
        per_square = []
        for frm in range(geo.n):
            entries: list[tuple] = []
            for d in range(4):
                ray = geo.rays[frm][d][:limit]
                codes = [frm | (to << 9) | ((LONG << 18) if i >= slide else 0) for i, to in enumerate(ray)]
                rest = tuple(zip(ray[1:], codes[1:]))
                if not special:
                    if ray:
                        entries.append((ray[0], codes[0], rest))
                    continue
                extra = None
                if kind == _HAWK and geo.fly[frm][d] is not None:
                    over, land = geo.fly[frm][d]
                    extra = (over, land, frm | (land << 9) | (FLY << 18))
                elif kind == _CAMEL and geo.cross[frm][d] >= 0:
                    land = geo.cross[frm][d]
                    extra = (land, frm | (land << 9) | (CROSS << 18))
                entries.append((ray[0], codes[0], rest, extra) if ray else (-1, 0, rest, extra))
            per_square.append(tuple(entries))
        kinds.append(tuple(per_square))
    by_type = tuple(kinds[KIND[t]] if MOBILE[t] else None for t in range(len(MOBILE)))
    power = tuple(tuple((to, frm | (to << 9) | (POWER << 18)) for to in geo.power_links[frm])
                  for frm in range(geo.n))
    table = (by_type, power)
    if len(_TABLES) >= 16:
        _TABLES.clear()
    _TABLES[key] = (geo, table)
    return table


def gen_moves(geo: Geometry, side_at: list[int], type_at: list[int], side: int, slide: int,
              forbid: tuple[int, int] | None = None, squares=None) -> list[int]:
    """Every legal move of `side` (types of its own pieces must be known; enemy types are not read).
    `squares`: the side's squares when the caller keeps them (else the board is scanned).
    Per piece (by square), per direction: the slide's squares nearest first (an adjacent opponent
    piece: an attack), then the hawk's fly-over or the camel's crossing that way; then power squares."""
    out: list[int] = []
    add = out.append
    by_type, power = move_table(geo, slide)
    enemy = 1 - side
    for frm in sorted(squares) if squares is not None else [s for s in range(geo.n) if side_at[s] == side]:
        t = type_at[frm]
        table = by_type[t]
        if table is None:
            continue
        if t != HAWK and t != CAMEL:
            for first, code, rest in table[frm]:
                o = side_at[first]
                if o < 0:
                    add(code)
                    for to, c in rest:
                        if side_at[to] >= 0:
                            break
                        add(c)
                elif o == enemy:  # attack rule 1: an adjacent opponent piece
                    add(code)
        else:
            for first, code, rest, extra in table[frm]:
                if first >= 0:
                    o = side_at[first]
                    if o < 0:
                        add(code)
                        for to, c in rest:
                            if side_at[to] >= 0:
                                break
                            add(c)
                    elif o == enemy:
                        add(code)
                if extra is not None:
                    if t == HAWK:
                        if side_at[extra[0]] >= 0 and side_at[extra[1]] != side:
                            add(extra[2])  # attack rule 2 when an enemy is there
                    elif side_at[extra[0]] < 0:
                        add(extra[1])
        for to, c in power[frm]:  # power squares in another lane (geometry._lanes)
            if side_at[to] < 0:
                add(c)
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


def gen_attacks_near(geo: Geometry, side_at: list[int], type_at: list[int], side: int, own: int,
                     enemy: int, hawks: int | None = None) -> list[int]:
    """Only the attacks of `side` (adjacent, and hawks flying over a piece), by square then
    direction: for the search's horizon, which asks at every leaf. `own` and `enemy` are the sides'
    squares as bitboards (SearchBoard.occ): a piece attacks only an adjacent piece or, a hawk, one
    two squares away, so only the pieces near the opponent's are looked at. `hawks`: the squares of
    `side`'s hawks as a bitboard when the caller keeps one (SearchBoard.hawks), so that only hawks
    are looked at two squares away."""
    out: list[int] = []
    add = out.append
    adj, fly, nb = geo.adj, geo.fly, geo.nb
    other = 1 - side
    # one orthogonal step from an opponent's piece, then two (a hawk's reach); a shift by one
    # column must not wrap into the next row
    w, left, right, full = geo.w, geo.not_first_col, geo.not_last_col, geo.full
    one = (((enemy << 1) & left) | ((enemy >> 1) & right) | (enemy << w) | (enemy >> w)) & full
    far = own if hawks is None else hawks
    cand = (one & own) | ((one | ((one << 1) & left) | ((one >> 1) & right) | (one << w) | (one >> w)) & far)
    while cand:  # ascending squares
        low = cand & -cand
        cand ^= low
        frm = low.bit_length() - 1
        t = type_at[frm]
        if not MOBILE[t]:
            continue
        if t != HAWK:
            if one & low:
                for to in adj[frm]:
                    if side_at[to] == other:
                        add(frm | (to << 9))
            continue
        for d, f in enumerate(fly[frm]):
            to = nb[frm][d]
            if to >= 0 and side_at[to] == other:
                add(frm | (to << 9))
            elif f is not None and side_at[f[0]] >= 0 and side_at[f[1]] == other:
                add(frm | (f[1] << 9) | (FLY << 18))
    return out
