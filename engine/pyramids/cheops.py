"""Cheops, the computer opponent (manual "Move Selection Algorithm" and "Changing the Level").

"Cheops' depth of search is the user-selected skill level plus one." He sees only his view: the
opponent's unknown pieces are sampled from his beliefs (engine.pyramids.beliefs) and each sampled
board is searched with alpha-beta (engine.pyramids.search); a root move's score is its mean over the
samples, so a bluff is sometimes believed and sometimes called. The opponent's replies in the search
follow what the opponent can know of Cheops' pieces (`model_opponent`, search.py), not the truth.

Strength does not depend on the machine: each level has a fixed budget of search nodes (no new
sampled board is started past it), and time is only a cap: a time limit and a stop callback end the
search early with the best move found so far ("Cheops will select the best move he has found thus
far"); `on_think` receives each root move's initial and current score while he thinks (F6).
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gridsmith.engine.core.rng import CounterRng

from .actions import Move
from .beliefs import IDLE_RATE, Beliefs, opponent_pool, opponent_pyramid_weights
from .geometry import geometry
from .movegen import SQ_MASK
from .pieces import WINS_BY_OPTION
from .evaluation import CONCEAL, EVEN_STAKES, OPP_TIES, TEMPO, WIN, Expectations, force_field, info_value
from .search import INF, Abort, SearchBoard

#: force-field strength: points for a piece standing on the most probable pyramid square
FIELD_SCALE = 6.0
#: sampled boards per move at most, and the search nodes after which no new sample is started, per
#: level (a count, not a time, so a level plays the same on any machine)
MAX_SAMPLES = {1: 6, 2: 5, 3: 4, 4: 3}
NODE_BUDGET = {1: 600, 2: 2500, 3: 5000, 4: 12000}
#: what each level reads into the player's pieces that stand still (beliefs.IDLE_RATE; 0: nothing)
IDLE_RATE_BY_LEVEL = {1: 0.0, 2: 0.0, 3: 0.0, 4: IDLE_RATE}


def _per_square(n: int, values: dict[int, float]) -> list[float]:
    """A belief per square (0.0 where `values` has none), as the search board indexes it."""
    out = [0.0] * n
    for sq, v in values.items():
        out[sq] = v
    return out


@dataclass(frozen=True)
class ThinkInfo:
    """One root move just searched (the manual's F6 "Watching the Move Selection Process")."""

    move: Move
    initial: float
    score: float
    best: Move | None
    best_score: float
    sample: int
    samples: int
    nodes: int
    elapsed: float


class CheopsAgent:
    name = "cheops"

    def __init__(self, level: int | None = None, time_limit: float | None = None, samples: int | None = None,
                 nodes: int | None = None, soft_seconds: float | None = None, beam: int = 6,
                 model_opponent: bool = True, tempo: float = TEMPO, conceal: float = CONCEAL,
                 ties: bool = OPP_TIES, even_stakes: bool = EVEN_STAKES, idle_rate: float | None = None,
                 stop: threading.Event | Callable[[], bool] | None = None,
                 on_think: Callable[[ThinkInfo], Any] | None = None) -> None:
        if level not in (None, 1, 2, 3, 4):
            raise ValueError("Cheops plays at levels 1 to 4")
        #: None: the scenario's level, read from the view
        self.fixed_level = level
        self._samples, self._nodes, self._idle_rate = samples, nodes, idle_rate
        #: optional: no new sample after this many seconds (a cap; the node budget is the default)
        self.soft_seconds = soft_seconds
        self._set_level(level or 2)
        self.time_limit = time_limit
        #: rate the opponent's replies by what it can know of Cheops' pieces (False: by the truth,
        #: the behaviour before issue 12)
        self.model_opponent = bool(model_opponent)
        self.beam = beam
        self.tempo = tempo
        #: what a rise of the player's belief in Cheops' pyramid square costs (evaluation.CONCEAL)
        self.conceal = float(conceal)
        #: the player picks at random among attacks on Cheops' pieces it cannot tell apart
        #: (evaluation.OPP_TIES)
        self.ties = bool(ties)
        #: the player's find of Cheops' pyramid weighed like Cheops' own finds (evaluation.EVEN_STAKES)
        self.even_stakes = bool(even_stakes)
        self.stop = stop.is_set if isinstance(stop, threading.Event) else stop
        self.on_think = on_think
        self.last_nodes = 0
        self.last_samples = 0

    def _set_level(self, level: int) -> None:
        self.level = level
        self.depth = level + 1
        self.samples = self._samples or MAX_SAMPLES[level]
        self.node_budget = self._nodes or NODE_BUDGET[level]
        #: what the player's idle pieces say about his pyramid (beliefs.IDLE_RATE)
        self.idle_rate = IDLE_RATE_BY_LEVEL[level] if self._idle_rate is None else float(self._idle_rate)

    def choose(self, view: Any, legal_actions: list, rng: CounterRng):
        start = time.perf_counter()
        if self.fixed_level is None and getattr(view, "level", None) in (1, 2, 3, 4) and view.level != self.level:
            self._set_level(view.level)
        by_squares = {(m.frm, m.to): m for m in legal_actions}
        if len(by_squares) == 1:
            return legal_actions[0]
        me = view.me
        geo = geometry(tuple(view.board))
        beliefs = Beliefs(view, self.idle_rate)
        psph = _per_square(geo.n, beliefs.sphinx_chances()) if self.idle_rate else None
        fields = [None, None]
        probs = beliefs.pyramid_probabilities()
        ppyr = _per_square(geo.n, probs)
        fields[me] = force_field(geo, probs, FIELD_SCALE)
        # where the opponent believes my pyramid is: its force field, its replies (model_opponent)
        # and the concealment of my pyramid (conceal)
        opp_probs = opponent_pyramid_weights(view)
        fields[1 - me] = force_field(geo, opp_probs, FIELD_SCALE)
        wins = WINS_BY_OPTION[getattr(view, "lion_vs_lion", "defender")]
        expect = Expectations(dict(beliefs.pool), wins)
        opp_ppyr = _per_square(geo.n, opp_probs)
        seen = [cell is None or cell[0] != me or bool(cell[4]) for cell in view.squares]
        opp_exp = Expectations(dict(opponent_pool(view)), wins) if self.model_opponent else None
        opp = (seen, opp_exp, opp_ppyr)
        deadline = start + self.time_limit if self.time_limit else INF
        totals: dict[int, float] = {}
        counts: dict[int, int] = {}
        initial: dict[int, float] = {}
        order: list[int] = []
        nodes = 0
        done = 0
        best_key: int | None = None
        try:
            for k in range(self.samples):
                if k and (nodes >= self.node_budget or (
                        self.soft_seconds is not None and time.perf_counter() - start > self.soft_seconds)):
                    break
                board = self._board(geo, view, beliefs.sample(rng), fields, expect, ppyr, wins, opp)
                board.nodes = nodes
                board.psph = psph
                board.tempo = self.tempo
                board.opp_ties = self.ties
                board.even_stakes = self.even_stakes
                if self.conceal:
                    board.conceal_pyramid(self.conceal)
                board.deadline, board.stop = deadline, self.stop
                if not order:
                    ranked = board.initial_values(me)
                    seen = set()
                    for v, _, m in ranked:
                        key = (m & SQ_MASK) | (((m >> 9) & SQ_MASK) << 9)
                        if key not in seen and ((m & SQ_MASK), (m >> 9) & SQ_MASK) in by_squares:
                            seen.add(key)
                            order.append(m)
                            initial[key] = v
                best = -INF
                for m in order:
                    # the search checks the stop and the clock only every few hundred nodes: look
                    # between root moves too (a level's small subtrees may not reach a check at all)
                    if (self.stop is not None and self.stop()) or time.perf_counter() > deadline:
                        raise Abort
                    key = (m & SQ_MASK) | (((m >> 9) & SQ_MASK) << 9)
                    v = self._root_value(board, m, me, best)
                    best = max(best, v)
                    totals[key] = totals.get(key, 0.0) + v
                    counts[key] = counts.get(key, 0) + 1
                    nodes = board.nodes
                    best_key = key  # a move was searched; the best so far only for on_think (the
                    # choice below weighs the totals again)
                    if self.on_think is not None:
                        best_key = max(totals, key=lambda x: totals[x] / counts[x])
                        self.on_think(ThinkInfo(self._move(by_squares, key), initial[key], v,
                                                self._move(by_squares, best_key),
                                                totals[best_key] / counts[best_key], k, self.samples,
                                                nodes, time.perf_counter() - start))
                done += 1
                nodes = board.nodes
        except Abort:
            pass
        self.last_nodes = nodes
        self.last_samples = done
        if best_key is None:  # stopped before a single move was searched: best initial value
            if not order:
                return rng.choice(legal_actions)
            m = order[0]
            return self._move(by_squares, (m & SQ_MASK) | (((m >> 9) & SQ_MASK) << 9))
        # average only over moves searched in as many samples as the best-covered one
        full = max(counts.values())
        cands = [k for k in totals if counts[k] == full] or list(totals)
        top = max(totals[k] / counts[k] for k in cands)
        ties = [k for k in cands if totals[k] / counts[k] >= top - 1e-9]
        return self._move(by_squares, ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0])

    def _root_value(self, board: SearchBoard, m: int, me: int, best: float) -> float:
        u = board.make(m)
        try:
            enemy = 1 - me
            if board.pyr_lost[enemy] or board.mobile[enemy] == 0:
                return WIN
            if board.mobile[me] == 0:
                return -WIN
            return -board.negamax(self.depth - 1, -INF, -best, enemy)
        finally:
            board.unmake(u)

    def _board(self, geo, view, sample: dict[int, int], fields, exp, ppyr, wins, opp) -> SearchBoard:
        side_at = [-1] * geo.n
        type_at = [0] * geo.n
        unk = [False] * geo.n
        mov = [False] * geo.n
        for sq, cell in enumerate(view.squares):
            if cell is not None:
                side_at[sq] = cell[0]
                type_at[sq] = cell[2] or sample.get(sq, 0)
                unk[sq] = cell[0] != view.me and cell[2] == 0
                mov[sq] = cell[3]
        seen, opp_exp, opp_ppyr = opp
        return SearchBoard(geo, view.slide, view.me, side_at, type_at, unk, mov, view.hist,
                           (fields[0], fields[1]), exp, ppyr, info_value(view.since_capture), self.beam,
                           wins, list(seen) if seen is not None else None, opp_exp, opp_ppyr)

    @staticmethod
    def _move(by_squares, key: int) -> Move:
        return by_squares[(key & SQ_MASK, (key >> 9) & SQ_MASK)]
