"""Cheops' search: min-max with alpha-beta pruning over a determinized board (manual, "Move
Selection Algorithm").

- "For each level, all legal moves are assigned initial values based on a criterion list": the
  initial value of an attack is what it wins or loses, of a quiet move its gain in the force field
  (plus a bonus for escaping a threat).
- "moves are sorted by these initial values; moves are then selected for recursion which are deemed
  to be 'hot' (attacks and so forth) or which have the highest initial values": below the root every
  winning attack is searched, then only the `beam` best quiet moves.
- the "force field ... attracts pieces ... to where you think Cheops' pyramid is": each side's field
  is its belief about the other's pyramid, blurred by move distance; the evaluation adds it to the
  material balance, so a shallow search still walks pieces toward the target.

The board is a pair of flat lists changed in place by make/unmake (no copying during the search).
"""
from __future__ import annotations

import time

from .geometry import Geometry
from .movegen import SQ_MASK, forbidden_by_repetition, gen_attacks, gen_moves
from .pieces import (ANTELOPE, BULL, CAMEL, CAT, COBRA, HAWK, LION, MOBILE, NTYPES, PYRAMID, RAM, SPHINX,
                     WINS, WOLF)

WIN = 100000.0
FIELD_REACH = 24.0  # moves beyond which the force field is flat
#: what attacking a piece of unknown rank is worth beyond the material (its rank becomes known):
#: INFO at first, growing by INFO_GROWTH per move without a capture up to INFO_MAX. The manual: "If he
#: does back off, at some point he will change his mind and come after your piece to find out what it
#: really is."
INFO = 1.0
#: the worth of finding the pyramid when an attack on an unknown piece is scored by its chances
PYRAMID_FOUND = 200.0
INFO_GROWTH = 0.05
INFO_MAX = 8.0


def info_value(since_capture: int) -> float:
    return min(INFO_MAX, INFO + INFO_GROWTH * since_capture)
INF = 1e9

VAL = [0.0] * NTYPES
for _t, _v in ((LION, 10), (BULL, 8), (RAM, 7), (WOLF, 6), (HAWK, 5.5), (CAMEL, 5), (CAT, 5.5),
               (ANTELOPE, 3.5), (COBRA, 4), (SPHINX, 3), (PYRAMID, 0)):
    VAL[_t] = float(_v)
#: how strongly the force field pulls a rank: the strong pieces are kept a little more at home
FW = [0.0] * NTYPES
for _t, _v in ((LION, 0.6), (BULL, 0.8), (RAM, 0.9), (WOLF, 1.0), (HAWK, 1.0), (CAMEL, 1.0), (CAT, 1.0),
               (ANTELOPE, 1.0), (COBRA, 0.5)):
    FW[_t] = _v


def expectation_table(pool: dict[int, float]) -> list[tuple[float, float]]:
    """Per attacker rank, the expected material loss of (attacker, defender) when attacking a piece
    whose rank is drawn from `pool` (type -> weight; the pyramid is left to the sampled board)."""
    items = [(d, w) for d, w in pool.items() if w > 0 and d != PYRAMID]
    tot = sum(w for _, w in items)
    out = []
    for t in range(NTYPES):
        if not tot or not MOBILE[t]:
            out.append((0.0, 0.0))
            continue
        p_win = sum(w for d, w in items if WINS[t][d]) / tot
        loss_d = sum(w * VAL[d] for d, w in items if WINS[t][d]) / tot
        out.append(((1.0 - p_win) * VAL[t], loss_d))
    return out


class Abort(Exception):
    """Time is up or the stop button was pressed."""


def force_field(geo: Geometry, target: dict[int, float], scale: float) -> list[float]:
    """Attraction of every square toward a probability distribution of target squares."""
    dist = geo.distances()
    out = [0.0] * geo.n
    for p, prob in target.items():
        if prob <= 0:
            continue
        row = dist[p]
        w = prob * scale
        for sq in range(geo.n):
            d = row[sq]
            # near: 1/(1+d) rewards the last steps; far: a linear slope keeps every step worth taking
            out[sq] += w * (1.0 / (1.0 + d) + max(0.0, 1.0 - d / FIELD_REACH))
    return out


class SearchBoard:
    __slots__ = ("geo", "slide", "side_at", "type_at", "unk", "mov", "expect", "info", "ppyr", "hist", "mat", "pos", "mobile", "pyr_lost",
                 "field", "beam", "nodes", "deadline", "stop", "check_every")

    def __init__(self, geo: Geometry, slide: int, side_at: list[int], type_at: list[int], hist,
                 field: tuple[list[float], list[float]], beam: int = 6, unk: list[bool] | None = None,
                 mov: list[bool] | None = None, expect=None, info: tuple[float, float] = (INFO, INFO),
                 ppyr: list[float] | None = None) -> None:
        self.geo, self.slide, self.side_at, self.type_at = geo, slide, side_at, type_at
        #: unk[sq]: the piece on sq is of a rank its opponent has not seen
        self.unk = unk if unk is not None else [False] * geo.n
        #: mov[sq]: the piece on sq has moved (so it is neither pyramid nor sphinx)
        self.mov = mov if mov is not None else [False] * geo.n
        #: expect[side][moved][attacker rank]: what `side` expects to lose and win attacking a piece
        #: it does not know. The searching side scores its attacks on unknown pieces by expectation,
        #: not by the sampled rank, so it does not play as if it could see the opponent's pieces; the
        #: opponent's attacks on the searcher's pieces are scored by their true outcome (expect None),
        #: a cautious opponent model: "He thinks he'll win the attack, but I know better."
        self.expect = expect if expect is not None else (None, None)
        #: per side: what probing an unknown piece is worth to it (only the searching side grows
        #: impatient; it credits the opponent with the base value)
        self.info = info
        #: ppyr[sq]: the searching side's belief that the unmoved piece on sq is the enemy pyramid
        self.ppyr = ppyr if ppyr is not None else [0.0] * geo.n
        self.hist = [tuple(hist[0]), tuple(hist[1])]
        self.field = field
        self.beam = beam
        self.mat = [0.0, 0.0]
        self.pos = [0.0, 0.0]
        self.mobile = [0, 0]
        self.pyr_lost = [False, False]
        for sq in range(geo.n):
            s = side_at[sq]
            if s >= 0:
                t = type_at[sq]
                self.mat[s] += VAL[t]
                self.pos[s] += FW[t] * field[s][sq]
                self.mobile[s] += MOBILE[t]
        self.nodes = 0
        self.deadline = INF
        self.stop = None
        self.check_every = 511

    # --- make / unmake -----------------------------------------------------------------------------

    def make(self, m: int):
        frm, to = m & SQ_MASK, (m >> 9) & SQ_MASK
        side_at, type_at = self.side_at, self.type_at
        s, t, ds, d = side_at[frm], type_at[frm], side_at[to], type_at[to]
        mat, pos, mobile = self.mat, self.pos, self.mobile
        unk, mov = self.unk, self.mov
        undo = (frm, to, s, t, ds, d, mat[0], mat[1], pos[0], pos[1], mobile[0], mobile[1], self.hist[s],
                self.pyr_lost[0], self.pyr_lost[1], unk[frm], unk[to], mov[frm], mov[to])
        self.hist[s] = (self.hist[s][1], (frm, to))
        f = self.field[s]
        blind = False
        if ds >= 0:
            ex = self.expect[s]
            if unk[to] and ex is not None:
                # probing an unknown piece: its expected outcome, the chance that it is the pyramid
                # included, whatever the sampled board says it is
                blind = True
                loss_a, loss_d = ex[mov[to]][t]
                p = 0.0 if mov[to] else self.ppyr[to]
                mat[s] += self.info[s] - (1.0 - p) * loss_a + p * PYRAMID_FOUND
                mat[ds] -= (1.0 - p) * loss_d
            unk[frm] = unk[to] = False  # the survivor of an attack is known
        if ds < 0 or WINS[t][d]:
            if ds >= 0:
                if not blind:
                    mat[ds] -= VAL[d]
                    if d == PYRAMID:
                        self.pyr_lost[ds] = True
                pos[ds] -= FW[d] * self.field[ds][to]
                mobile[ds] -= MOBILE[d]
            side_at[to], type_at[to] = s, t
            side_at[frm], type_at[frm] = -1, 0
            unk[to] = unk[frm]
            mov[to] = True
            mov[frm] = False
            pos[s] += FW[t] * (f[to] - f[frm])
        else:
            if not blind:
                mat[s] -= VAL[t]
            pos[s] -= FW[t] * f[frm]
            mobile[s] -= 1
            side_at[frm], type_at[frm] = -1, 0
        return undo

    def unmake(self, u) -> None:
        frm, to, s, t, ds, d = u[0], u[1], u[2], u[3], u[4], u[5]
        self.side_at[frm], self.type_at[frm] = s, t
        self.side_at[to], self.type_at[to] = ds, d
        self.mat[0], self.mat[1], self.pos[0], self.pos[1], self.mobile[0], self.mobile[1] = u[6:12]
        self.hist[s] = u[12]
        self.pyr_lost[0], self.pyr_lost[1] = u[13], u[14]
        self.unk[frm], self.unk[to] = u[15], u[16]
        self.mov[frm], self.mov[to] = u[17], u[18]

    # --- evaluation and ordering -------------------------------------------------------------------

    def evaluate(self, side: int) -> float:
        o = 1 - side
        return self.mat[side] + self.pos[side] - self.mat[o] - self.pos[o]

    def moves(self, side: int) -> list[int]:
        return gen_moves(self.geo, self.side_at, self.type_at, side, self.slide,
                         forbidden_by_repetition(self.hist[side]))

    def initial_values(self, moves: list[int], side: int) -> list[tuple[float, bool, int]]:
        """(initial value, hot, move) per move: the manual's criterion list."""
        side_at, type_at, f = self.side_at, self.type_at, self.field[side]
        nb = self.geo.nb
        enemy = 1 - side
        out = []
        for m in moves:
            frm, to = m & SQ_MASK, (m >> 9) & SQ_MASK
            t = type_at[frm]
            if side_at[to] >= 0:
                d = type_at[to]
                ex = self.expect[side]
                if self.unk[to] and ex is not None:
                    loss_a, loss_d = ex[self.mov[to]][t]
                    p = 0.0 if self.mov[to] else self.ppyr[to]
                    gain = self.info[side] + (1.0 - p) * (loss_d - loss_a) + p * PYRAMID_FOUND
                    out.append((100.0 + gain if gain > 0 else gain, gain > 0, m))
                    continue
                if WINS[t][d]:
                    out.append((WIN if d == PYRAMID else 100.0 + VAL[d] - 0.01 * VAL[t], True, m))
                else:
                    out.append((-VAL[t], False, m))
                continue
            v = FW[t] * (f[to] - f[frm])
            # escaping an adjacent enemy that would win
            for x in nb[frm]:
                if x >= 0 and side_at[x] == enemy and WINS[type_at[x]][t]:
                    v += 0.5 * VAL[t]
                    break
            out.append((v, False, m))
        out.sort(reverse=True)
        return out

    # --- search ------------------------------------------------------------------------------------

    def horizon(self, side: int) -> float:
        """The evaluation at the search horizon, where the side to move may still cash in one
        favourable attack (a one-move quiescence, so a piece left hanging is seen as lost)."""
        best = self.evaluate(side)
        enemy = 1 - side
        ex = self.expect[side]
        for m in gen_attacks(self.geo, self.side_at, self.type_at, side):
            to = (m >> 9) & SQ_MASK
            if ex is None or not self.unk[to]:
                if not WINS[self.type_at[m & SQ_MASK]][self.type_at[to]]:
                    continue
            u = self.make(m)
            v = WIN if self.pyr_lost[enemy] else self.evaluate(side)
            self.unmake(u)
            if v > best:
                best = v
        return best

    def negamax(self, depth: int, alpha: float, beta: float, side: int, ply: int) -> float:
        self.nodes += 1
        if not (self.nodes & self.check_every):
            if time.perf_counter() > self.deadline or (self.stop is not None and self.stop()):
                raise Abort
        if depth == 0:
            return self.horizon(side)
        moves = self.moves(side)
        if not moves:
            return -WIN + ply
        ordered = self.initial_values(moves, side)
        if ply > 0:
            hot = [x for x in ordered if x[1]]
            cold = [x for x in ordered if not x[1]][: self.beam]
            ordered = hot + cold
        best = -INF
        enemy = 1 - side
        for _, _, m in ordered:
            u = self.make(m)
            if self.pyr_lost[enemy] or self.mobile[enemy] == 0:
                v = WIN - ply - 1
            elif self.mobile[side] == 0:
                v = -WIN + ply + 1
            else:
                v = -self.negamax(depth - 1, -beta, -max(alpha, best), enemy, ply + 1)
            self.unmake(u)
            if v > best:
                best = v
                if best >= beta:
                    break
        return best
