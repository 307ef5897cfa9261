"""Cheops' evaluation: what a position and a fight are worth to the searching side, as it
perceives them (manual, "Move Selection Algorithm"; the search itself: engine.pyramids.search).

- material (VAL per rank) plus each side's pull toward where it believes the other's pyramid is
  (the force field, FW per rank), kept incrementally by the search's make/unmake;
- a fight with a piece whose rank the searching side has not seen is scored by expectation over its
  beliefs (`Expectations`): the chance of winning, of finding the pyramid, and what learning a rank
  is worth (`info_value`);
- the opponent's view of a fight on the searcher's unseen pieces (`misjudged`), and the concealment
  of the searcher's own pyramid (CONCEAL);
- the initial values that order moves (the manual's "criterion list").
"""
from __future__ import annotations

from .geometry import Geometry
from .movegen import FLY, SQ_MASK, forbidden_by_repetition
from .pieces import (ANTELOPE, BULL, CAMEL, CAT, COBRA, HAWK, LION, MOBILE, NTYPES, PYRAMID, RAM, SPHINX,
                     WINS, WOLF)

WIN = 100000.0
#: moves beyond which the force field is flat
FIELD_REACH = 24.0
#: the worth of finding the pyramid, for an attack on an unknown piece scored by its chances
PYRAMID_FOUND = 200.0
#: the share of a probe's pyramid chance lost per ply it is put off: finding the pyramid ends a race
#: the opponent is also running, so a chance taken now is worth more than the same chance later.
#: Without it a probe is worth as much at the last ply of a line as at the first, and the search
#: does something else first, move after move (a wolf stood next to a 22% pyramid candidate for
#: 13 moves while its side took other pieces)
TEMPO = 0.1
#: what attacking a piece of unknown rank is worth beyond the material (its rank becomes known):
#: INFO at first, growing by INFO_GROWTH per move without a capture, up to INFO_MAX. The manual: "If he
#: does back off, at some point he will change his mind and come after your piece to find out what
#: it really is."
INFO = 1.0
INFO_GROWTH = 0.05
INFO_MAX = 8.0
#: what it costs the searching side when the opponent's belief in its pyramid's square rises by 1
#: (0 = not counted). A piece of the two back rows that moves, or shows its rank in a fight, is no
#: longer a pyramid candidate to the opponent, so every later probe of the remaining candidates is
#: likelier to find it: with 22 candidates one more mover costs CONCEAL x (1/21 - 1/22), with 10
#: candidates CONCEAL x (1/9 - 1/10). Off by default until measured (docs/rules/pyramids.md)
CONCEAL = 0.0
#: the opponent picks at random among attacks on root's unseen pieces it cannot tell apart (the same
#: believed gain: the same attacker rank against pieces it believes alike). Without it, a probe of
#: root's pyramid is weighed against its twins by its one-move gain while they are searched deep, so
#: whether the search "sees" the threat is an accident of the comparison; with it, the threat counts
#: as the chance 1/(twins + 1) the opponent draws the pyramid
OPP_TIES = True
#: the opponent's probe that finds root's pyramid costs root what root's own find of the opponent's
#: pyramid is worth (PYRAMID_FOUND at that ply's urgency), not WIN: both sides of the race to the
#: pyramid are weighed on one scale. With WIN, a one-in-two threat to root's pyramid weighed 500
#: times a one-in-two probe of root's own, and the search defended where it should have raced
EVEN_STAKES = True

VAL = [0.0] * NTYPES
for _t, _v in ((LION, 10), (BULL, 8), (RAM, 7), (WOLF, 6), (HAWK, 5.5), (CAMEL, 5), (CAT, 5.5),
               (ANTELOPE, 3.5), (COBRA, 4), (SPHINX, 3), (PYRAMID, 0)):
    VAL[_t] = float(_v)
#: how strongly the force field pulls a rank: the strong pieces are kept a little more at home
FW = [0.0] * NTYPES
for _t, _v in ((LION, 0.6), (BULL, 0.8), (RAM, 0.9), (WOLF, 1.0), (HAWK, 1.0), (CAMEL, 1.0), (CAT, 1.0),
               (ANTELOPE, 1.0), (COBRA, 0.5)):
    FW[_t] = _v


def info_value(since_capture: int) -> float:
    return min(INFO_MAX, INFO + INFO_GROWTH * since_capture)


class Expectations:
    """Expected outcomes of fights with pieces of unknown rank, from a belief pool (rank -> weight).

    attack[moved][t] = (p_win, attacker's expected loss, defender's expected loss) for a piece of
    rank t attacking an unknown piece (moved: it has moved, so it is neither pyramid nor sphinx);
    defend[t] = (p_attacker_wins, defender's expected loss, attacker's expected loss) for an unknown
    mobile piece attacking a known piece of rank t.
    """

    def __init__(self, pool: dict[int, float], wins=WINS) -> None:
        unmoved = [(d, w) for d, w in pool.items() if w > 0 and d != PYRAMID]
        mobile = [(d, w) for d, w in pool.items() if w > 0 and MOBILE[d]]
        self.attack = (self._attack(unmoved, wins), self._attack(mobile, wins))
        self.defend = self._defend(mobile, wins)

    @staticmethod
    def _attack(items, WINS):
        tot = sum(w for _, w in items)
        out = []
        for t in range(NTYPES):
            if not tot or not MOBILE[t]:
                out.append((0.0, 0.0, 0.0))
                continue
            p_win = sum(w for d, w in items if WINS[t][d]) / tot
            loss_d = sum(w * VAL[d] for d, w in items if WINS[t][d]) / tot
            out.append((p_win, (1.0 - p_win) * VAL[t], loss_d))
        return out

    @staticmethod
    def _defend(items, WINS):
        tot = sum(w for _, w in items)
        out = []
        for t in range(NTYPES):
            if not tot:
                out.append((0.0, 0.0, 0.0))
                continue
            p_win = sum(w for a, w in items if WINS[a][t]) / tot
            loss_a = sum(w * VAL[a] for a, w in items if not WINS[a][t]) / tot
            out.append((p_win, p_win * VAL[t], loss_a))
        return out


_PULL: dict[tuple[str, ...], list[list[float]]] = {}


def _pull(geo: Geometry) -> list[list[float]]:
    """pull[p][sq]: how much a target on `p` attracts a piece on `sq`, per board (computed once)."""
    got = _PULL.get(geo.rows)
    if got is None:
        if len(_PULL) >= 16:  # as many boards as geometry() keeps
            _PULL.clear()
        # near: 1/(1+d) rewards the last steps; far: a linear slope keeps every step worth taking
        got = _PULL[geo.rows] = [[1.0 / (1.0 + d) + max(0.0, 1.0 - d / FIELD_REACH) for d in row]
                                 for row in geo.distances()]
    return got


def force_field(geo: Geometry, target: dict[int, float], scale: float) -> list[float]:
    """Attraction of every square toward a probability distribution of target squares."""
    pull = _pull(geo)
    out = [0.0] * geo.n
    for p, prob in target.items():
        if prob <= 0:
            continue
        w = prob * scale
        out = [o + w * k for o, k in zip(out, pull[p])]
    return out


class Evaluation:
    """The evaluation half of the search board (engine.pyramids.search.SearchBoard, which holds the
    board's lists and declares every slot): fights as the root side perceives them, the position's
    value, the concealment of root's pyramid, and the initial values that order moves."""

    __slots__ = ()

    # --- fights ------------------------------------------------------------------------------------

    def fight(self, frm: int, to: int, how: int):
        """(attacker wins, attacker's material change, defender's material change, pyramid found)
        as the root side perceives the fight."""
        t, d = self.type_at[frm], self.type_at[to]
        if self.side_at[frm] == self.root:
            if self.unk[to]:
                if self.psph is None or self.mov[to]:
                    p_win, loss_a, loss_d = self.exp.attack[self.mov[to]][t]
                else:  # a sphinx by this piece's own odds, else a mobile piece from the pool
                    q = self.psph[to]
                    pm, _, loss_dm = self.exp.attack[1][t]
                    beats = self.wins[t][SPHINX]
                    p_win = q * beats + (1.0 - q) * pm
                    loss_a = (1.0 - p_win) * VAL[t]
                    loss_d = q * beats * VAL[SPHINX] + (1.0 - q) * loss_dm
                p = 0.0 if self.mov[to] else self.ppyr[to]
                # urgency(), inlined
                gain = self.info - (1.0 - p) * loss_a + p * PYRAMID_FOUND * max(0.0, 1.0 - self.tempo * self.ply)
                return p_win >= 0.5, gain, -(1.0 - p) * loss_d, False
        elif self.unk[frm] and how != FLY and d != PYRAMID:
            p_win, loss_d, loss_a = self.exp.defend[d]
            return p_win >= 0.5, -loss_a, -loss_d, False
        if self.wins[t][d]:
            return True, 0.0, -VAL[d], d == PYRAMID
        return False, -VAL[t], 0.0, False

    def misjudged(self, m: int) -> float:
        """For an attack by the opponent of root on a root piece whose rank the opponent has not
        seen: what the opponent believes the attack gains (by expectation over its beliefs) minus
        what it gains as root knows it. 0.0 for every other move, or without an opponent model."""
        if self.opp_exp is None:
            return 0.0
        frm, to = m & SQ_MASK, (m >> 9) & SQ_MASK
        if self.side_at[to] != self.root or self.side_at[frm] == self.root or self.seen[to]:
            return 0.0
        return self._opp_perceived(frm, to) - self.attack_gain(m)

    def _opp_perceived(self, frm: int, to: int) -> float:
        """What the opponent expects from attacking root's piece on `to`, whose rank it has not seen."""
        moved = self.mov[to]
        p_win, loss_a, loss_d = self.opp_exp.attack[moved][self.type_at[frm]]
        p = 0.0 if moved else self.opp_ppyr[to]
        # urgency(), inlined
        return (self.info - (1.0 - p) * loss_a + p * PYRAMID_FOUND * max(0.0, 1.0 - self.tempo * self.ply)
                + (1.0 - p) * loss_d)

    def urgency(self) -> float:
        """What a pyramid chance taken at the current ply of the search is worth (1.0 at the root)."""
        return max(0.0, 1.0 - self.tempo * self.ply)

    def _misjudged_gain(self, frm: int, to: int, true_gain: float) -> float:
        """misjudged() for an attack by the opponent of root whose true gain is known."""
        if self.opp_exp is None or self.side_at[to] != self.root or self.seen[to]:
            return 0.0
        return self._opp_perceived(frm, to) - true_gain

    def conceal_pyramid(self, weight: float) -> None:
        """Count the concealment of root's pyramid with `weight` (CONCEAL) from here on: finds the
        pyramid among root's pieces and the opponent's belief mass on root's candidates."""
        mine = sorted(self.pieces[self.root])
        self.conceal = weight
        self.own_pyr = next((sq for sq in mine if self.type_at[sq] == PYRAMID), -1)
        self.cover = sum(self._cover_at(sq) for sq in mine)

    def _cover_at(self, sq: int) -> float:
        """The opponent's pyramid belief resting on root's piece on `sq` (0 unless it is root's,
        unmoved and unseen)."""
        if self.side_at[sq] != self.root or self.mov[sq] or self.seen[sq]:
            return 0.0
        return self.opp_ppyr[sq]

    def exposure(self) -> float:
        """The opponent's belief that root's pyramid is where it is, renormalised over the
        candidates left to it (1.0 when it is the only one, or seen)."""
        if self.own_pyr < 0 or self.seen[self.own_pyr] or self.cover <= 1e-12:
            return 1.0
        return min(1.0, self.opp_ppyr[self.own_pyr] / self.cover)

    # --- evaluation and ordering -------------------------------------------------------------------

    def evaluate(self, side: int) -> float:
        o = 1 - side
        v = self.mat[side] + self.pos[side] - self.mat[o] - self.pos[o]
        if self.conceal:
            risk = self.conceal * self.exposure()
            v += -risk if side == self.root else risk
        return v

    def attack_gain(self, m: int) -> float:
        """What an attack is worth to the attacker, as root perceives it (WIN for the pyramid)."""
        won, da, dd, found = self.fight(m & SQ_MASK, (m >> 9) & SQ_MASK, m >> 18)
        return WIN if found else da - dd

    def perceived_gain(self, m: int, side: int) -> float:
        """What an attack is worth as its side perceives it: root's own view, or for the opponent
        root's model of the opponent's view (`misjudged`)."""
        frm, to = m & SQ_MASK, (m >> 9) & SQ_MASK
        won, da, dd, found = self.fight(frm, to, m >> 18)
        g = WIN if found else da - dd
        return g if side == self.root else g + self._misjudged_gain(frm, to, g)

    def initial_values(self, side: int) -> list[tuple[float, bool, int]]:
        """(initial value, hot, move) for every legal move of `side`, best first: the manual's
        criterion list."""
        hot, cold = self.scored_moves(side)
        out = hot + cold
        out.sort(reverse=True)
        return out

    def scored_moves(self, side: int) -> tuple[list[tuple[float, bool, int]], list[tuple[float, bool, int]]]:
        """Every legal move of `side` (the moves of movegen.gen_moves, in no particular order) with its
        initial value, as (hot, cold) lists of (initial value, hot, move): an attack is worth what
        its side perceives it gains (`perceived_gain`, plus 100 when positive: hot), a quiet move
        its gain in the side's force field plus half the piece's value when it escapes an adjacent
        enemy that would win. Generated and scored in one walk over the move tables (the search's
        ordering sorts the (value, hot, move) tuples, so the order of generation does not count)."""
        side_at, type_at, f = self.side_at, self.type_at, self.field[side]
        by_type, power = self.table
        enemy = 1 - side
        nb, wins = self.geo.nb, self.wins
        gain = self.perceived_gain
        # the squares next to an enemy piece: only a piece on one of them may have an escape bonus;
        # and next to an enemy or an open square, or on a power square: only there does a piece that
        # is neither hawk nor camel have a move at all
        geo, occ = self.geo, self.occ[enemy]
        w, left, right = geo.w, geo.not_first_col, geo.not_last_col
        near = ((occ << 1) & left) | ((occ >> 1) & right) | (occ << w) | (occ >> w)
        free = geo.open_mask & ~(occ | self.occ[side])
        reach = near | ((free << 1) & left) | ((free >> 1) & right) | (free << w) | (free >> w) | geo.power_mask
        hot: list[tuple[float, bool, int]] = []
        cold: list[tuple[float, bool, int]] = []
        add = cold.append
        for frm in self.pieces[side]:
            t = type_at[frm]
            table = by_type[t]
            if table is None:
                continue
            plain = t != HAWK and t != CAMEL
            if plain and not (reach >> frm) & 1:
                continue  # hemmed in by its own side and the deserts
            fw, here = FW[t], f[frm]
            escape = 0.0
            if (near >> frm) & 1:  # escaping an adjacent enemy that would win
                for x in nb[frm]:
                    if x >= 0 and side_at[x] == enemy and wins[type_at[x]][t]:
                        escape = 0.5 * VAL[t]
                        break
            if plain:
                for first, code, rest in table[frm]:
                    o = side_at[first]
                    if o < 0:
                        add((fw * (f[first] - here) + escape, False, code))
                        for to, c in rest:
                            if side_at[to] >= 0:
                                break
                            add((fw * (f[to] - here) + escape, False, c))
                    elif o == enemy:  # attack rule 1: an adjacent opponent piece
                        g = gain(code, side)
                        (hot if g > 0 else cold).append((100.0 + g if g > 0 else g, g > 0, code))
            else:
                for first, code, rest, extra in table[frm]:
                    if first >= 0:
                        o = side_at[first]
                        if o < 0:
                            add((fw * (f[first] - here) + escape, False, code))
                            for to, c in rest:
                                if side_at[to] >= 0:
                                    break
                                add((fw * (f[to] - here) + escape, False, c))
                        elif o == enemy:
                            g = gain(code, side)
                            (hot if g > 0 else cold).append((100.0 + g if g > 0 else g, g > 0, code))
                    if extra is not None:
                        if t == HAWK:
                            if side_at[extra[0]] >= 0:
                                o = side_at[extra[1]]
                                if o < 0:
                                    add((fw * (f[extra[1]] - here) + escape, False, extra[2]))
                                elif o != side:  # attack rule 2: flying over onto an enemy
                                    g = gain(extra[2], side)
                                    (hot if g > 0 else cold).append((100.0 + g if g > 0 else g, g > 0, extra[2]))
                        elif side_at[extra[0]] < 0:
                            add((fw * (f[extra[0]] - here) + escape, False, extra[1]))
            for to, c in power[frm]:  # power squares in another lane (geometry._lanes)
                if side_at[to] < 0:
                    add((fw * (f[to] - here) + escape, False, c))
        forbid = forbidden_by_repetition(self.hist[side])
        if forbid is not None:
            a, b = forbid
            hot = [x for x in hot if not ((x[2] & SQ_MASK) == a and ((x[2] >> 9) & SQ_MASK) == b)]
            cold = [x for x in cold if not ((x[2] & SQ_MASK) == a and ((x[2] >> 9) & SQ_MASK) == b)]
        return hot, cold
