"""The table-driven move generation (movegen.move_table, gen_moves) and the horizon's attack list
(movegen.gen_attacks_near, SearchBoard.occ) list exactly the moves, in exactly the order, of the
plain walk over the board they replaced (issue 32, speed): the plain walk is kept here as the oracle."""
from __future__ import annotations

import random

from gridsmith.engine.pyramids.evaluation import FW, VAL, Expectations
from gridsmith.engine.pyramids.geometry import geometry
from gridsmith.engine.pyramids.movegen import (CROSS, FLY, LONG, POWER, SQ_MASK, gen_attacks_near, gen_moves)
from gridsmith.engine.pyramids.pieces import ANTELOPE, CAMEL, HAWK, MOBILE, NTYPES, WINS
from gridsmith.engine.pyramids.search import SearchBoard

from pyramids_helpers import DEFAULT_BOARD, OPEN_BOARD

#: a board with deserts at the edges and power squares in three lanes, to reach every table case
EDGES_BOARD = ("D.........D",) + ("...........",) * 3 + ("P.DDDPDDD.P", "DD.......DD", "P.DDDPDDD.P") + \
    ("...........",) * 3 + ("D.........D",)


def plain_moves(geo, side_at, type_at, side, slide, forbid=None):
    """The walk before issue 32: per piece by square, per direction, the ray, then a hawk's fly-over
    or a camel's crossing that way, then power squares."""
    out = []
    enemy = 1 - side
    for frm in [s for s in range(geo.n) if side_at[s] == side]:
        t = type_at[frm]
        if not MOBILE[t]:
            continue
        limit = 99 if t == ANTELOPE else slide
        for d in range(4):
            i = 0
            for to in geo.rays[frm][d]:
                o = side_at[to]
                if o < 0:
                    if i >= limit:
                        break
                    out.append(frm | (to << 9) | ((LONG << 18) if i >= slide else 0))
                    i += 1
                    continue
                if i == 0 and o == enemy:
                    out.append(frm | (to << 9))
                break
            if t == HAWK:
                f = geo.fly[frm][d]
                if f is not None and side_at[f[0]] >= 0 and side_at[f[1]] != side:
                    out.append(frm | (f[1] << 9) | (FLY << 18))
            elif t == CAMEL:
                to = geo.cross[frm][d]
                if to >= 0 and side_at[to] < 0:
                    out.append(frm | (to << 9) | (CROSS << 18))
        if geo.power[frm]:
            for to in geo.power_links[frm]:
                if side_at[to] < 0:
                    out.append(frm | (to << 9) | (POWER << 18))
    if forbid is not None:
        out = [m for m in out if not ((m & SQ_MASK) == forbid[0] and ((m >> 9) & SQ_MASK) == forbid[1])]
    return out


def plain_attacks(geo, side_at, type_at, side):
    """The horizon's attack list before issue 32: every piece of `side` by square."""
    out = []
    enemy = 1 - side
    for frm in [s for s in range(geo.n) if side_at[s] == side]:
        t = type_at[frm]
        if not MOBILE[t]:
            continue
        if t != HAWK:
            out += [frm | (to << 9) for to in geo.adj[frm] if side_at[to] == enemy]
            continue
        for d, f in enumerate(geo.fly[frm]):
            to = geo.nb[frm][d]
            if to >= 0 and side_at[to] == enemy:
                out.append(frm | (to << 9))
            elif f is not None and side_at[f[0]] >= 0 and side_at[f[1]] == enemy:
                out.append(frm | (f[1] << 9) | (FLY << 18))
    return out


def random_board(geo, rnd):
    side_at, type_at = [-1] * geo.n, [0] * geo.n
    fill = rnd.choice((0.1, 0.3, 0.6))
    for sq in range(geo.n):
        if not geo.desert[sq] and rnd.random() < fill:
            side_at[sq], type_at[sq] = rnd.randrange(2), rnd.randrange(1, NTYPES)
    return side_at, type_at


def test_table_moves_and_near_attacks_equal_the_plain_walk():
    rnd = random.Random(32)
    for rows in (DEFAULT_BOARD, OPEN_BOARD, EDGES_BOARD):
        geo = geometry(rows)
        for _ in range(150):
            side_at, type_at = random_board(geo, rnd)
            occ = [sum(1 << sq for sq in range(geo.n) if side_at[sq] == s) for s in (0, 1)]
            for side in (0, 1):
                squares = {sq for sq in range(geo.n) if side_at[sq] == side}
                assert gen_attacks_near(geo, side_at, type_at, side, occ[side], occ[1 - side]) == \
                    plain_attacks(geo, side_at, type_at, side)
                hawks = sum(1 << sq for sq in squares if type_at[sq] == HAWK)
                assert gen_attacks_near(geo, side_at, type_at, side, occ[side], occ[1 - side], hawks) == \
                    plain_attacks(geo, side_at, type_at, side)
                for slide in (1, 2, 3):
                    frm = rnd.choice(sorted(squares)) if squares else 0
                    forbid = rnd.choice((None, (frm, rnd.randrange(geo.n))))
                    want = plain_moves(geo, side_at, type_at, side, slide, forbid)
                    assert gen_moves(geo, side_at, type_at, side, slide, forbid) == want
                    assert gen_moves(geo, side_at, type_at, side, slide, forbid, squares) == want


def test_search_board_keeps_its_bitboards_through_make_and_unmake():
    """SearchBoard.occ (the horizon's bitboards) follows every move and take-back of a random line."""
    rnd = random.Random(7)
    geo = geometry(DEFAULT_BOARD)
    for _ in range(40):
        side_at, type_at = random_board(geo, rnd)
        n = geo.n
        board = SearchBoard(geo, 2, 0, side_at, type_at, [False] * n, [False] * n, ((None, None), (None, None)),
                            ([0.0] * n, [0.0] * n), Expectations({}, WINS), [0.0] * n)
        before = list(board.occ)
        undo, side = [], 0
        for _ in range(8):
            moves = board.moves(side)
            if not moves:
                break
            undo.append(board.make(rnd.choice(moves)))
            for s in (0, 1):
                assert board.occ[s] == sum(1 << sq for sq in range(n) if board.side_at[sq] == s)
                assert board.hawks[s] == sum(1 << sq for sq in range(n)
                                             if board.side_at[sq] == s and board.type_at[sq] == HAWK)
                assert board.pieces[s] == {sq for sq in range(n) if board.side_at[sq] == s}
            side = 1 - side
        while undo:
            board.unmake(undo.pop())
        assert board.occ == before
        assert (board.side_at, board.type_at) == (side_at, type_at)


def test_scored_moves_are_the_legal_moves_with_their_initial_values():
    """SearchBoard.scored_moves generates and scores in one walk: the same moves as gen_moves (the
    repetition rule included), hot exactly the attacks with a positive perceived gain, and each
    value what the criterion list gives it (an attack: perceived gain, plus 100 when hot; a quiet
    move: its force-field gain, plus the escape bonus)."""
    rnd = random.Random(11)
    geo = geometry(DEFAULT_BOARD)
    for _ in range(60):
        side_at, type_at = random_board(geo, rnd)
        n = geo.n
        fields = ([rnd.random() for _ in range(n)], [rnd.random() for _ in range(n)])
        for slide in (1, 2, 3):
            for side in (0, 1):
                squares = [sq for sq in range(n) if side_at[sq] == side]
                hist = [(None, None), (None, None)]
                if squares and rnd.random() < 0.5:
                    a, b = rnd.choice(squares), rnd.randrange(n)
                    hist[side] = ((a, b), (b, a))
                board = SearchBoard(geo, slide, 0, list(side_at), list(type_at), [False] * n, [False] * n,
                                    tuple(hist), fields, Expectations({}, WINS), [0.0] * n)
                hot, cold = board.scored_moves(side)
                moves = board.moves(side)
                assert sorted(x[2] for x in hot + cold) == sorted(moves)
                f = fields[side]
                for v, is_hot, m in hot + cold:
                    frm, to = m & SQ_MASK, (m >> 9) & SQ_MASK
                    t = type_at[frm]
                    if side_at[to] >= 0:
                        g = board.perceived_gain(m, side)
                        assert (v, is_hot) == ((100.0 + g, True) if g > 0 else (g, False))
                        continue
                    escape = 0.0
                    if any(x >= 0 and side_at[x] == 1 - side and WINS[type_at[x]][t] for x in geo.nb[frm]):
                        escape = 0.5 * VAL[t]
                    assert (v, is_hot) == (FW[t] * (f[to] - f[frm]) + escape, False)
