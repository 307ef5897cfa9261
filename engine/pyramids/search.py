"""Cheops' search: min-max with alpha-beta pruning (manual, "Move Selection Algorithm").

- "For each level, all legal moves are assigned initial values based on a criterion list": the
  initial value of an attack is what it is expected to win or lose, of a quiet move its gain in the
  force field (plus a bonus for escaping a threat).
- "moves are sorted by these initial values; moves are then selected for recursion which are deemed
  to be 'hot' (attacks and so forth) or which have the highest initial values": below the root every
  promising attack is searched, then only the `beam` best quiet moves.
- "Cheops' moves in the recursion are evaluated according to his perception of the board, including
  inferences made about your unknown pieces": a fight with a piece whose rank the searching side has
  not seen is scored by expectation over its beliefs (the chance of winning, of finding the pyramid,
  and what learning a rank is worth), and the line continues with the likelier outcome. The sampled
  ranks of unknown pieces decide only how they may move, so a deep line does not feed on one guess.
- "Your moves in the recursion are evaluated according to Cheops' inferences about your perception
  of the board, including ... inferences you might have made about Cheops' unknown pieces": at the
  opponent's nodes (with `model_opponent`), the opponent's attacks on the searcher's pieces it has
  not seen are rated by the *opponent's* beliefs (`opp_exp`, `opp_ppyr`: the searcher's piece set
  less what the opponent has seen), which decides which replies are "hot" and which one the opponent
  picks; the value backed up is still the searcher's own ("He thinks he'll win the attack, but I know
  better"). So "Cheops must infer that you will make a bad move without himself being fooled by your
  high assessment of it": a reply misjudged by the opponent is searched to its true value, and it is
  the opponent's choice only if its perceived value (true value + the misjudgement of its fight)
  beats the best correctly judged reply.
- the "force field ... attracts pieces ... according to the positions of your pieces": each side's
  field is a belief about where the other's pyramid is, spread by move distance; the evaluation adds
  it to the material balance, so a shallow search still walks pieces toward the target.

The evaluation (what fights and positions are worth, the initial values that order moves) is
engine.pyramids.evaluation; this module is the search: the board's make/unmake, the horizon and
negamax.

The board is a set of flat lists changed in place by make/unmake (no copying during the search).
"""
from __future__ import annotations

import time

from gridsmith.engine.core.errors import GameError

from .evaluation import (CONCEAL, EVEN_STAKES, FW, INFO, OPP_TIES, PYRAMID_FOUND, TEMPO, VAL, WIN, Evaluation,
                         Expectations)
from .geometry import Geometry
from .movegen import CROSS, FLY, LONG, SQ_MASK, forbidden_by_repetition, gen_attacks_near, gen_moves, move_table
from .pieces import HAWK, MOBILE, WINS

INF = 1e9
#: moves that show the mover's rank (a long slide, a fly-over, a desert crossing)
REVEALING = (LONG, FLY, CROSS)


class Abort(GameError):
    """Time is up or the stop button was pressed (Cheops' iterative deepening catches it: engine.pyramids.cheops)."""


class SearchBoard(Evaluation):
    """A board as the searching side (`root`) perceives it, with incremental evaluation (the
    evaluation's methods: engine.pyramids.evaluation.Evaluation)."""

    __slots__ = ("geo", "slide", "root", "side_at", "type_at", "unk", "mov", "exp", "info", "ppyr", "hist",
                 "mat", "pos", "mobile", "pyr_lost", "field", "beam", "nodes", "deadline", "stop",
                 "check_every", "wins", "seen", "opp_exp", "opp_ppyr", "pieces", "occ", "ply", "tempo",
                 "conceal", "own_pyr", "cover", "opp_ties", "even_stakes", "psph", "table", "hawks")

    def __init__(self, geo: Geometry, slide: int, root: int, side_at: list[int], type_at: list[int],
                 unk: list[bool], mov: list[bool], hist, field: tuple[list[float], list[float]],
                 exp: Expectations, ppyr: list[float], info: float = INFO, beam: int = 6, wins=WINS,
                 seen: list[bool] | None = None, opp_exp: Expectations | None = None,
                 opp_ppyr: list[float] | None = None) -> None:
        self.geo, self.slide, self.root = geo, slide, root
        #: the board's move tables for this slide (movegen.move_table)
        self.table = move_table(geo, slide)
        self.wins = wins
        #: seen[sq]: the opponent has seen the rank of root's piece on sq. With `opp_exp` (the
        #: opponent's expectations about root's unseen pieces) and `opp_ppyr` (its pyramid belief per
        #: square) the opponent's choices follow its own perception (None: it sees the truth)
        self.seen = seen if seen is not None else [True] * geo.n
        self.opp_exp = opp_exp
        self.opp_ppyr = opp_ppyr
        #: moves made on the board since the search began (by make, taken back by unmake)
        self.ply = 0
        self.tempo = TEMPO
        #: concealment of root's pyramid (see CONCEAL): `cover` is the opponent's belief mass on root's
        #: unmoved pieces whose rank it has not seen (opp_ppyr summed over them, 1.0 at the root),
        #: kept by make/unmake while `conceal` > 0
        self.conceal = CONCEAL
        self.opp_ties = OPP_TIES
        self.even_stakes = EVEN_STAKES
        self.own_pyr = -1
        self.cover = 1.0
        self.side_at, self.type_at = side_at, type_at
        #: unk[sq]: the piece on sq is an opponent piece whose rank `root` has not seen (its
        #: type_at is a sampled guess, used only for how it moves)
        self.unk = unk
        #: mov[sq]: the piece on sq has moved (so it is neither pyramid nor sphinx)
        self.mov = mov
        self.exp = exp
        #: ppyr[sq]: root's belief that the unmoved piece on sq is the opponent's pyramid
        self.ppyr = ppyr
        #: psph[sq]: root's belief that the unmoved unknown piece on sq is a sphinx if it is not the
        #: pyramid (beliefs.Beliefs.sphinx_chances); None: the pool's share for every piece
        self.psph: list[float] | None = None
        self.info = info
        self.hist = [tuple(hist[0]), tuple(hist[1])]
        self.field = field
        self.beam = beam
        self.mat = [0.0, 0.0]
        self.pos = [0.0, 0.0]
        self.mobile = [0, 0]
        self.pyr_lost = [False, False]
        #: pieces[side]: the squares of side's pieces, kept by make/unmake
        self.pieces = (set(), set())
        #: occ[side]: the same squares as a bitboard (bit sq), kept by make/unmake; hawks[side]: the
        #: squares of its hawks (by their sampled rank for unseen pieces), the only pieces that attack
        #: two squares away
        self.occ = [0, 0]
        self.hawks = [0, 0]
        for sq in range(geo.n):
            s = side_at[sq]
            if s >= 0:
                self.pieces[s].add(sq)
                self.occ[s] |= 1 << sq
                if type_at[sq] == HAWK:
                    self.hawks[s] |= 1 << sq
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
        side_at, type_at, unk, mov, seen = self.side_at, self.type_at, self.unk, self.mov, self.seen
        s, t, ds = side_at[frm], type_at[frm], side_at[to]
        pos, occ, hist = self.pos, self.occ, self.hist
        if ds < 0:  # a quiet move (most of them): a shorter record, only what it changes
            undo = (frm, to, s, t, -1, pos[s], hist[s], unk[frm], mov[frm], seen[frm], unk[to], mov[to], seen[to],
                    self.cover, occ[s], self.hawks[s])
            if self.conceal:
                self.cover -= self._cover_at(frm) + self._cover_at(to)
            hist[s] = (hist[s][1], (frm, to))
            mine = self.pieces[s]
            mine.discard(frm)
            mine.add(to)
            occ[s] ^= (1 << frm) | (1 << to)
            if t == HAWK:
                self.hawks[s] ^= (1 << frm) | (1 << to)
            side_at[to], type_at[to], unk[to] = s, t, unk[frm]
            # a rank only it moves like is shown
            seen[to] = seen[frm] or (m >> 18) in REVEALING
            mov[to] = True
            side_at[frm], type_at[frm], unk[frm], mov[frm], seen[frm] = -1, 0, False, False, True
            f = self.field[s]
            pos[s] += FW[t] * (f[to] - f[frm])
            if self.conceal:
                self.cover += self._cover_at(frm) + self._cover_at(to)
            self.ply += 1
            return undo
        d = type_at[to]
        mat, mobile, hawks = self.mat, self.mobile, self.hawks
        undo = (frm, to, s, t, ds, d, mat[0], mat[1], pos[0], pos[1], mobile[0], mobile[1], hist[s],
                self.pyr_lost[0], self.pyr_lost[1], unk[frm], unk[to], mov[frm], mov[to], seen[frm], seen[to],
                self.cover, occ[0], occ[1], hawks[0], hawks[1])
        if self.conceal:
            self.cover -= self._cover_at(frm) + self._cover_at(to)
        hist[s] = (hist[s][1], (frm, to))
        won, da, dd, found = self.fight(frm, to, m >> 18)  # valued at the ply it is made from
        self.ply += 1
        mat[s] += da
        mat[ds] += dd
        mine = self.pieces[s]
        mine.discard(frm)
        occ[s] ^= 1 << frm
        if t == HAWK:
            hawks[s] ^= 1 << frm
        if won:
            pos[ds] -= FW[d] * self.field[ds][to]
            mobile[ds] -= MOBILE[d]
            if found:
                self.pyr_lost[ds] = True
            mine.add(to)
            occ[s] |= 1 << to
            if t == HAWK:
                hawks[s] |= 1 << to
            self.pieces[ds].discard(to)
            occ[ds] ^= 1 << to
            if d == HAWK:
                hawks[ds] ^= 1 << to
            side_at[to], type_at[to], unk[to] = s, t, unk[frm]
            seen[to] = True  # a winner's rank is shown
            mov[to] = True
            side_at[frm], type_at[frm], unk[frm], mov[frm], seen[frm] = -1, 0, False, False, True
            f = self.field[s]
            pos[s] += FW[t] * (f[to] - f[frm])
        else:
            pos[s] -= FW[t] * self.field[s][frm]
            mobile[s] -= 1
            seen[to] = True  # the defender won: shown
            side_at[frm], type_at[frm], unk[frm], mov[frm], seen[frm] = -1, 0, False, False, True
        if self.conceal:
            self.cover += self._cover_at(frm) + self._cover_at(to)
        return undo

    def unmake(self, u) -> None:
        self.ply -= 1
        frm, to, s, t, ds = u[0], u[1], u[2], u[3], u[4]
        side_at, type_at = self.side_at, self.type_at
        mine = self.pieces[s]
        mine.add(frm)
        if ds < 0:  # a quiet move (make's shorter record)
            mine.discard(to)
            side_at[frm], type_at[frm], side_at[to], type_at[to] = s, t, -1, 0
            self.pos[s], self.hist[s] = u[5], u[6]
            self.unk[frm], self.mov[frm], self.seen[frm], self.unk[to], self.mov[to], self.seen[to] = u[7:13]
            self.cover, self.occ[s], self.hawks[s] = u[13], u[14], u[15]
            return
        if side_at[to] == s:  # the mover won
            mine.discard(to)
            self.pieces[ds].add(to)
        side_at[frm], type_at[frm], side_at[to], type_at[to] = s, t, ds, u[5]
        self.mat[0], self.mat[1], self.pos[0], self.pos[1], self.mobile[0], self.mobile[1] = u[6:12]
        self.hist[s] = u[12]
        self.pyr_lost[0], self.pyr_lost[1] = u[13], u[14]
        self.unk[frm], self.unk[to], self.mov[frm], self.mov[to], self.seen[frm], self.seen[to] = u[15:21]
        self.cover = u[21]
        self.occ[0], self.occ[1], self.hawks[0], self.hawks[1] = u[22:26]

    def moves(self, side: int) -> list[int]:
        return gen_moves(self.geo, self.side_at, self.type_at, side, self.slide,
                         forbidden_by_repetition(self.hist[side]), self.pieces[side])

    # --- search ------------------------------------------------------------------------------------

    def horizon(self, side: int) -> float:
        """The evaluation at the search horizon, where the side to move may still cash in one
        attack it perceives as favourable (a one-move quiescence, so a piece left hanging is seen
        as lost). The opponent picks by its perceived value; the value returned is root's."""
        enemy = 1 - side
        attacks = gen_attacks_near(self.geo, self.side_at, self.type_at, side, self.occ[side], self.occ[enemy],
                                   self.hawks[side])
        if self.conceal:
            base = self.evaluate(side)
        else:  # evaluate() inlined
            mat, pos = self.mat, self.pos
            base = mat[side] + pos[side] - mat[enemy] - pos[enemy]
        if not attacks:
            return base
        best = best_p = base
        is_root = side == self.root
        fight, type_at = self.fight, self.type_at
        fs, fe = self.field[side], self.field[enemy]
        # the opponent's choices follow root's model of its view (model_opponent)
        modelled = not is_root and self.opp_exp is not None
        twins = self.opp_ties and modelled
        ties = None  # a _Twins once an attack on an unseen piece needs one (most leaves have none)
        seen = self.seen
        for m in attacks:
            frm, to = m & SQ_MASK, (m >> 9) & SQ_MASK
            won, da, dd, found = fight(frm, to, m >> 18)
            g_true = WIN if found else da - dd
            # _misjudged_gain inlined: the opponent's attacks here are all on root's pieces
            mis = 0.0 if not modelled or seen[to] else self._opp_perceived(frm, to) - g_true
            if g_true + mis <= 0:
                continue
            # the evaluation after the attack, as make() would leave it (without making it)
            if found:
                v = base + PYRAMID_FOUND * self.urgency() if self.even_stakes and modelled else WIN - self.ply - 1
            elif won:
                t = type_at[frm]
                v = base + da - dd + FW[t] * (fs[to] - fs[frm]) + FW[type_at[to]] * fe[to]
            else:
                v = base + da - dd - FW[type_at[frm]] * fs[frm]
            if is_root:
                p = v
            else:  # as the opponent sees it: a capture of an unseen pyramid is only its expected gain
                p = base + g_true + mis if found else v + mis
                if twins and not seen[to]:
                    if ties is None:
                        ties = _Twins()
                    if found:
                        ties.pyramid(g_true + mis, p, v)
                        continue
                    ties.add(g_true + mis, p, v)
            if p > best_p:
                best, best_p = v, p
        return best if ties is None else ties.settle(best, best_p)

    def negamax(self, depth: int, alpha: float, beta: float, side: int) -> float:
        """The value for `side` to move, `depth` plies deep from here (`self.ply` moves below the root)."""
        self.nodes += 1
        if not (self.nodes & self.check_every):
            if time.perf_counter() > self.deadline or (self.stop is not None and self.stop()):
                raise Abort
        if depth == 0:
            return self.horizon(side)
        hot, cold = self.scored_moves(side)
        if not hot and not cold:
            return -WIN + self.ply
        # every promising attack ("hot"), then the best `beam` quiet moves, each best first
        if self.ply > 0:
            hot.sort(reverse=True)
            cold.sort(reverse=True)
            del cold[self.beam:]
            ordered = hot + cold if hot else cold
        else:  # at the root every move, best first
            ordered = hot + cold
            ordered.sort(reverse=True)
        fooled = []
        root = self.root
        if side != root and self.opp_exp is not None:
            # misjudged() is 0.0 but for attacks on root's pieces
            side_at, misjudged = self.side_at, self.misjudged
            fooled = [(m, d) for _, _, m in ordered if side_at[(m >> 9) & SQ_MASK] == root and (d := misjudged(m))]
            if fooled:
                skip = {m for m, _ in fooled}
                ordered = [x for x in ordered if x[2] not in skip]
        best = -INF
        enemy = 1 - side
        make, unmake, pyr_lost, mobile = self.make, self.unmake, self.pyr_lost, self.mobile
        if depth == 1:  # the children are leaves: negamax(0) inlined (counted and checked the same)
            horizon, check_every = self.horizon, self.check_every
            # a quiet move to a leaf is made and taken back in place, without what the horizon
            # never reads (the repetition history, the piece sets): the rest as make() does it
            light = not self.conceal
            side_at, type_at, unk, mov, seen = self.side_at, self.type_at, self.unk, self.mov, self.seen
            pos, occ, hawks, f = self.pos, self.occ, self.hawks, self.field[side]
            for _, _, m in ordered:
                frm, to = m & SQ_MASK, (m >> 9) & SQ_MASK
                if light and side_at[to] < 0:
                    t = type_at[frm]
                    undo = (pos[side], occ[side], hawks[side], unk[frm], mov[frm], seen[frm], unk[to], mov[to],
                            seen[to])
                    occ[side] ^= (1 << frm) | (1 << to)
                    if t == HAWK:
                        hawks[side] ^= (1 << frm) | (1 << to)
                    side_at[to], type_at[to], unk[to] = side, t, unk[frm]
                    seen[to] = seen[frm] or (m >> 18) in REVEALING
                    mov[to] = True
                    side_at[frm], type_at[frm], unk[frm], mov[frm], seen[frm] = -1, 0, False, False, True
                    pos[side] += FW[t] * (f[to] - f[frm])
                    self.ply += 1
                    u = None
                else:
                    u = make(m)
                if pyr_lost[enemy] or mobile[enemy] == 0:  # _terminal
                    v = WIN - self.ply
                elif mobile[side] == 0:
                    v = -WIN + self.ply
                else:
                    self.nodes += 1
                    if not (self.nodes & check_every):
                        if time.perf_counter() > self.deadline or (self.stop is not None and self.stop()):
                            raise Abort
                    v = -horizon(enemy)
                if u is None:
                    self.ply -= 1
                    side_at[frm], type_at[frm], side_at[to], type_at[to] = side, t, -1, 0
                    pos[side], occ[side], hawks[side], unk[frm], mov[frm], seen[frm], unk[to], mov[to], seen[to] = undo
                else:
                    unmake(u)
                if v > best:
                    best = v
                    if best >= beta:
                        break
        else:
            for _, _, m in ordered:
                u = make(m)
                if pyr_lost[enemy] or mobile[enemy] == 0:  # _terminal
                    v = WIN - self.ply
                elif mobile[side] == 0:
                    v = -WIN + self.ply
                else:
                    v = -self.negamax(depth - 1, -beta, -max(alpha, best), enemy)
                unmake(u)
                if v > best:
                    best = v
                    if best >= beta:
                        break
        if not fooled:
            return best
        # the opponent's misjudged replies: it picks one when what it believes of it (true value +
        # misjudgement d) beats its best reply so far, so only a true value above chosen_p - d
        # matters: each is searched with its window starting there (a fail-low: not picked)
        chosen, chosen_p = best, best
        base = self.evaluate(side)
        ties = _Twins() if self.opp_ties else None
        # the opponent's find of root's pyramid, weighed as root's own finds at this ply (EVEN_STAKES)
        found = PYRAMID_FOUND * self.urgency() if self.even_stakes else None
        for m, d in fooled:
            g_true = self.attack_gain(m)
            u = self.make(m)
            v = self._terminal(side, enemy)
            if v is not None:
                lost = self.pyr_lost[self.root]
                if lost and found is not None:
                    v = self.evaluate(side) + found
                p = base + g_true + d
                if ties is not None and lost:
                    ties.pyramid(g_true + d, p, v)
                    self.unmake(u)
                    continue
            else:
                lo = chosen_p - d
                hi = beta if beta > lo else lo + 1e-6
                v = -self.negamax(depth - 1, -hi, -lo, enemy)
                p = v + d
            self.unmake(u)
            if ties is not None:
                ties.add(g_true + d, p, v)
            if p > chosen_p:
                chosen, chosen_p = v, p
        return chosen if ties is None else ties.settle(chosen, chosen_p)

    def _terminal(self, side: int, enemy: int) -> float | None:
        """The value for `side` after its move when the game is over, else None."""
        if self.pyr_lost[enemy] or self.mobile[enemy] == 0:
            return WIN - self.ply
        if self.mobile[side] == 0:
            return -WIN + self.ply
        return None


class _Twins:
    """The opponent's attacks on root's unseen pieces at one node, grouped by the gain the opponent
    believes each brings: attacks with the same believed gain are twins it cannot tell apart, so
    when one of them captures root's pyramid it is drawn with chance 1/(twins + 1) (OPP_TIES)."""

    __slots__ = ("best", "count", "pyr")

    def __init__(self) -> None:
        #: believed gain -> (perceived value, value) of the best-perceived twin; and their number
        self.best: dict[float, tuple[float, float]] = {}
        self.count: dict[float, int] = {}
        #: (believed gain, perceived value, value) of the capture of root's pyramid, if any
        self.pyr: tuple[float, float, float] | None = None

    @staticmethod
    def _key(gain: float) -> float:
        return round(gain, 9)

    def add(self, gain: float, p: float, v: float) -> None:
        k = round(gain, 9)  # _key, inlined: the horizon adds one for most attacks on unseen pieces
        self.count[k] = self.count.get(k, 0) + 1
        if k not in self.best or p > self.best[k][0]:
            self.best[k] = (p, v)

    def pyramid(self, gain: float, p: float, v: float) -> None:
        self.pyr = (gain, p, v)

    def settle(self, chosen: float, chosen_p: float) -> float:
        """The node's value, given the value and perceived value of the opponent's choice among the
        other replies: the pyramid capture is the choice when it is perceived at least as well. Alone
        it is perceived as it is; with twins, as the best twin is (equal: the twins were the choice),
        and its value is the best twin's moved 1/(n + 1) toward the capture's (the other twins are
        taken as worth the best one)."""
        if self.pyr is None:
            return chosen
        gain, p, v = self.pyr
        k = self._key(gain)
        n = self.count.get(k, 0)
        if n:
            p, v_twin = self.best[k]
            v = v_twin + (v - v_twin) / (n + 1)
        return v if p >= chosen_p else chosen
