"""What a side believes about the opponent's unknown pieces, built from its view alone.

Knowledge: the opponent's piece set is public, so the ranks not yet seen (on the board or captured)
form a pool; a piece that has moved is neither the pyramid nor a sphinx. The pyramid prior follows
the manual: "Random setups always position the pyramid in one of the two back rows", so when the
opponent's layout is known to be random (`View.random_setup`, from the scenario) the pyramid is
equally likely under each unmoved piece of those two rows and nowhere else, and sphinxes lie where
chance put them. Otherwise (a strategic setup, or not known) the prior leans to the back rows
without ruling out the front, and "strategic setups usually fortify the pyramid with sphinxes", so
squares next to known sphinxes weigh more. A full board is sampled from these beliefs (a
determinization) for the search to play on.
"""
from __future__ import annotations

import math
from collections import Counter

from gridsmith.engine.core.rng import CounterRng

from .evaluation import Expectations
from .pieces import MOBILE, PYRAMID, SPHINX

#: prior weight of the pyramid by row counted from its owner's back edge (home zone rows 0-3), for a
#: strategic (or unknown) setup; a random setup puts it in the two back rows only (RANDOM_ROW_PRIOR)
ROW_PRIOR = (3.0, 3.0, 1.0, 0.4)
RANDOM_ROW_PRIOR = (1.0, 1.0, 0.0, 0.0)
SPHINX_NEIGHBOUR = 1.5  # extra weight per known adjacent sphinx
#: what Cheops reads into a piece that stands still (agent option `idle_rate`, per level in
#: cheops.IDLE_RATE_BY_LEVEL): the chance per turn that a mobile piece with a neighbouring square open
#: to it is moved. A piece that has stood idle f such turns is mobile with likelihood
#: exp(-rate x f), and a pyramid or sphinx with likelihood 1, so the unmoved pieces that could have
#: moved and never did draw the belief in the pyramid (and in sphinxes). 0.05 fits Cheops' own play:
#: in 30 games of level 1 against itself the true pyramid's belief scored best between 0.05 and 0.08
#: (docs/rules/pyramids.md). 0 reads nothing into it (levels 1-3 by default)
IDLE_RATE = 0.05


def _row_from_back(sq: int, side: int, h: int) -> int:
    r = sq // 11
    return (h - 1 - r) if side == 0 else r


def _row_weight(sq: int, side: int, h: int, random_setup: bool) -> float:
    """The prior weight of `side`'s pyramid standing on `sq` (an unmoved piece of its own)."""
    rb = _row_from_back(sq, side, h)
    prior = RANDOM_ROW_PRIOR if random_setup else ROW_PRIOR
    if rb < len(prior):
        return prior[rb]
    return 0.0 if random_setup else 0.1


class Beliefs:
    """Beliefs of `me` about the pieces of the other side, from a View."""

    def __init__(self, view, idle_rate: float = 0.0) -> None:
        self.me = me = view.me
        self.idle_rate = idle_rate
        idle = getattr(view, "idle", ()) or ()
        #: square -> the idle turns of the unknown enemy piece on it (View.idle)
        self.idle: dict[int, int] = {}
        self.enemy = enemy = 1 - me
        self.h = len(view.board)
        seen = Counter(view.lost[enemy])
        self.unknown: list[tuple[int, bool]] = []  # (square, has moved)
        self.known: dict[int, int] = {}
        self.sphinx_squares: set[int] = set()
        for sq, cell in enumerate(view.squares):
            if cell is None or cell[0] != enemy:
                continue
            if cell[2]:
                self.known[sq] = cell[2]
                seen[cell[2]] += 1
                if cell[2] == SPHINX:
                    self.sphinx_squares.add(sq)
            else:
                self.unknown.append((sq, cell[3]))
                if cell[1] < len(idle):
                    self.idle[sq] = idle[cell[1]]
        self.pool = Counter({t: n - seen.get(t, 0) for t, n in enumerate(view.counts[enemy]) if n - seen.get(t, 0) > 0})
        #: the enemy's layout was drawn at random: pyramid in the two back rows, sphinxes anywhere
        self.random_setup = view.random_setup[enemy]
        unmoved = sum(1 for _, moved in self.unknown if not moved)
        #: the share of sphinxes among the unknown unmoved pieces that are not the pyramid
        self.sphinx_share = min(1.0, self.pool.get(SPHINX, 0) / max(1, unmoved - self.pool.get(PYRAMID, 0)))

    def immobile_odds(self, sq: int) -> float:
        """How much likelier the idle turns of the unmoved piece on `sq` are if it cannot move than
        if it is a piece drawn from the pool (sphinx or mobile): 1 / (s + (1 - s) exp(-rate f)),
        1.0 without idle turns or without idle_rate."""
        f = self.idle.get(sq, 0)
        if not f or not self.idle_rate:
            return 1.0
        s = self.sphinx_share
        return 1.0 / (s + (1.0 - s) * math.exp(-self.idle_rate * f))

    def sphinx_chances(self) -> dict[int, float]:
        """For each unmoved unknown piece, the chance that it is a sphinx if it is not the pyramid:
        s x immobile_odds (the sphinx share s without idle turns)."""
        s = self.sphinx_share
        return {sq: min(1.0, s * self.immobile_odds(sq)) for sq, moved in self.unknown if not moved}

    def pyramid_weights(self) -> dict[int, float]:
        """Unnormalised weight of each square holding the enemy pyramid."""
        for sq, t in self.known.items():
            if t == PYRAMID:
                return {sq: 1.0}
        if not self.pool.get(PYRAMID):
            return {}
        out = {}
        for sq, moved in self.unknown:
            if moved:
                continue
            w = _row_weight(sq, self.enemy, self.h, self.random_setup)
            if w <= 0.0:
                continue
            if not self.random_setup:
                n = sum(1 for x in (sq - 11, sq + 11, sq - 1 if sq % 11 else -1, sq + 1 if sq % 11 != 10 else -1)
                        if x in self.sphinx_squares)
                w *= 1.0 + SPHINX_NEIGHBOUR * n
            out[sq] = w * self.immobile_odds(sq)
        return out

    def pyramid_probabilities(self) -> dict[int, float]:
        w = self.pyramid_weights()
        tot = sum(w.values()) or 1.0
        return {sq: x / tot for sq, x in w.items()}

    def expectations(self):
        """Expected outcomes of fights with the unknown pieces (see evaluation.Expectations)."""
        return Expectations(dict(self.pool))

    def sample(self, rng: CounterRng) -> dict[int, int]:
        """A type for every unknown enemy piece, consistent with everything seen."""
        pool = Counter(self.pool)
        free = [sq for sq, moved in self.unknown if not moved]
        moved = [sq for sq, m in self.unknown if m]
        out: dict[int, int] = {}
        if pool.get(PYRAMID) and free:
            weights = self.pyramid_weights()
            items = [(sq, weights.get(sq, 0.0)) for sq in free]
            if not any(w for _, w in items):  # beliefs ruled out every square: any unmoved piece
                items = [(sq, 1.0) for sq in free]
            x = rng.random() * sum(w for _, w in items)
            for sq, w in items:
                x -= w
                if x <= 0:
                    break
            out[sq] = PYRAMID
            pool[PYRAMID] -= 1
            free.remove(sq)
            # sphinxes: the squares next to the pyramid first ("fortify the pyramid with sphinxes"),
            # unless the layout was random
            near = [] if self.random_setup else [
                x for x in free if abs(x - sq) == 11 or (abs(x - sq) == 1 and x // 11 == sq // 11)]
        else:
            near = []
        mobile_pool = [t for t, n in pool.items() for _ in range(n) if MOBILE[t]]
        immobile_pool = [t for t, n in pool.items() for _ in range(n) if not MOBILE[t]]
        rng.shuffle(mobile_pool)
        # moved pieces take mobile ranks; if beliefs were inconsistent, fall back to anything left
        for sq in moved:
            out[sq] = mobile_pool.pop() if mobile_pool else (immobile_pool.pop() if immobile_pool else 1)
        rest = mobile_pool + immobile_pool
        rng.shuffle(rest)
        n_sph = sum(1 for t in rest if t == SPHINX)
        for sq in near:
            if n_sph and rng.random() < 0.6:
                out[sq] = SPHINX
                rest.remove(SPHINX)
                n_sph -= 1
        if self.idle_rate and n_sph:
            # pieces long idle are likelier sphinxes (immobile_odds): each by its chance, so the search
            # does not walk them around
            chances = self.sphinx_chances()
            for sq in free:
                if n_sph and sq not in out and self.idle.get(sq) and rng.random() < chances[sq]:
                    out[sq] = SPHINX
                    rest.remove(SPHINX)
                    n_sph -= 1
        for sq in free:
            if sq not in out:
                out[sq] = rest.pop() if rest else 8
        return out


def opponent_pool(view) -> Counter:
    """What the opponent may believe about `view.me`'s unseen pieces: my (public) piece set less my
    captured pieces and the pieces on the board whose rank the opponent has seen — Cheops'
    "inferences you might have made about Cheops' unknown pieces"."""
    me = view.me
    left = Counter({t: n for t, n in enumerate(view.counts[me]) if n})
    left.subtract(view.lost[me])
    for cell in view.squares:
        if cell is not None and cell[0] == me and cell[4]:
            left[cell[2]] -= 1
    return Counter({t: n for t, n in left.items() if n > 0})


def opponent_pyramid_weights(view) -> dict[int, float]:
    """Where the opponent probably thinks `view.me`'s pyramid is: the same prior, over my unmoved
    pieces whose type the opponent has not seen (Cheops "never knows more about your pieces than a
    human opponent would", and he credits you with no more than he would know)."""
    me, h = view.me, len(view.board)
    random_setup = view.random_setup[me]
    out = {}
    for sq, cell in enumerate(view.squares):
        if cell is None or cell[0] != me or cell[3]:
            continue
        if cell[4]:
            if cell[2] == PYRAMID:
                return {sq: 1.0}
            continue
        w = _row_weight(sq, me, h, random_setup)
        if w > 0.0:
            out[sq] = w
    tot = sum(out.values()) or 1.0
    return {sq: w / tot for sq, w in out.items()}

