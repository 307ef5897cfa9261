"""The balance assistant: from a lopsided scenario to up to three small edits that even it out.

1. **Measure** the scenario with the game's default computer players in every seat (the balance
   lab's batch). It is balanced within `Tolerance` when every seat's 95% interval contains the fair
   share and the first seat's advantage is under 5 points; then there is nothing to propose.
2. **Candidates** come from the game's own edit space (`Game.edit_space`: the edits its designers
   make, each a valid file), given the measured statistics (the strongest and weakest seats). An
   edit may change the scenario and the files it refers to (a board, an arena, a build): those are
   edited in memory and every game of the candidate is played with them in place of the files on
   disk (GameSpec.documents); nothing is written during the search.
3. **Screening** plays every candidate on the same screening seeds (common random numbers: the
   candidates differ by their edit, not by their luck), a round of games at a time, and drops a
   candidate as soon as its imbalance is certainly worse than the best candidate's (a racing rule on
   the Wilson intervals: its lowest possible imbalance exceeds the best one's highest). Survivors are
   then halved by measured imbalance each round until three are left or the budget is spent.
   When no single edit meets the tolerance, the best ones are combined in pairs, and the game's edits
   of the best edited scenario are tried on top of it (a second step), and screened too.
4. **Confirmation** plays each of the (up to) three best candidates, and the unedited scenario, on
   fresh seeds none of them was chosen on, so the figures shown are not the search's best-of-many
   luck. Proposals are ordered by confirmed imbalance; `meets_tolerance` is judged on those games.

Every game is played by engine.core.simulate (a process pool, or a Dask cluster's executor), with
the computer players' generators fixed per seed, so a run is reproducible.
"""
from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .edits import Edit, Edited, Referenced, combine, file_problems, then, valid_edit
from .games import get as get_game
from .simulate import Batch, GameRecord, Summary, joined, make_specs, summarize
from .stats import Proportion

#: the seed ranges of the three phases are disjoint (a game's seed picks its dice and its players')
SCREEN_SEEDS = 1_000_000
CONFIRM_SEEDS = 2_000_000
ROUND = 20  # screening games per candidate and round
MAX_CANDIDATES = 16  # single edits screened (the edit space lists the likeliest first)


@dataclass(frozen=True)
class Tolerance:
    first_seat: float = 0.05  # the first seat's advantage over a fair share, at most (rate)

    def meets(self, s: Summary) -> bool:
        fair = 1 / s.seats
        return bool(s.games) and all(p.low <= fair <= p.high for p in s.seat_wins) \
            and abs(s.first_seat_advantage) < self.first_seat


def imbalance(s: Summary) -> float:
    """How far the farthest seat's win rate is from a fair share (0: every seat wins 1/n)."""
    fair = 1 / s.seats
    return max((abs(p.rate - fair) for p in s.seat_wins), default=1.0) if s.games else 1.0


def imbalance_bounds(s: Summary) -> tuple[float, float]:
    """(lowest, highest) imbalance that the seats' 95% intervals allow."""
    fair = 1 / s.seats
    low = max((max(0.0, p.low - fair, fair - p.high) for p in s.seat_wins), default=1.0)
    high = max((max(p.high - fair, fair - p.low) for p in s.seat_wins), default=1.0)
    return low, high


def stats_json(s: Summary) -> dict[str, Any]:
    return {"games": s.games, "errors": len(s.errors), "seat_win_rate": [p.to_json() for p in s.seat_wins],
            "first_seat_advantage": s.first_seat_advantage, "imbalance": imbalance(s)}


def _same(edit: Edit) -> frozenset[str]:
    """What an edit does, whatever its label and the order of its changes (two that do the same are
    screened once)."""
    return frozenset(repr((c.file, c.path, c.after)) for c in edit.changes)


@dataclass
class Candidate:
    edit: Edit
    edited: Edited
    records: list[GameRecord] = field(default_factory=list)
    _summary: tuple[int, Summary] | None = field(default=None, repr=False, compare=False)

    def summary(self, seats: int) -> Summary:
        """The statistics of its screening games so far (summarized once per round, however often asked)."""
        if self._summary is None or self._summary[0] != len(self.records):
            self._summary = (len(self.records), summarize(self.records, seats))
        return self._summary[1]


@dataclass
class Proposal:
    edit: Edit
    before: Summary  # the unedited scenario on the confirmation seeds
    after: Summary  # the edited one on the same seeds
    screened: int  # screening games behind its choice
    meets_tolerance: bool
    edited: Edited  # the scenario and the referenced files it changes, edited in memory

    @property
    def model(self) -> BaseModel:
        """The edited scenario."""
        return self.edited.scenario

    def to_json(self, file: str | Path | None = None) -> dict[str, Any]:
        """`file`: the scenario's path, which the paths of the files each edit changes are given by."""
        return {"edits": [self.edit.to_json(file)], "label": self.edit.label,
                "before": stats_json(self.before), "after": stats_json(self.after),
                "screening_games": self.screened, "meets_tolerance": self.meets_tolerance}


@dataclass
class Report:
    seats: list[str]
    before: Summary | None = None  # the first measurement
    balanced: bool = False
    candidates: int = 0  # valid single edits the game proposed
    proposals: list[Proposal] = field(default_factory=list)
    games: int = 0  # games played in all
    seconds: float = 0.0
    cancelled: bool = False
    stopped: str = ""  # why the search stopped early ("time", "games")
    error: str = ""  # why the scenario could not be searched at all (it cannot be played)

    @property
    def message(self) -> str:
        if self.before is None:
            return "cancelled before the scenario was measured"
        if self.balanced:
            return "balanced within the tolerance: nothing to propose"
        if not self.candidates:
            return "the game proposes no edit for this scenario"
        if not any(p.meets_tolerance for p in self.proposals):
            return "no edit found within the budget" + (" (cancelled)" if self.cancelled else "")
        return f"{sum(p.meets_tolerance for p in self.proposals)} of {len(self.proposals)} proposals meet the tolerance"

    def to_json(self, file: str | Path | None = None) -> dict[str, Any]:
        return {"seats": self.seats, "before": stats_json(self.before) if self.before else None,
                "balanced": self.balanced, "candidates": self.candidates,
                "proposals": [p.to_json(file) for p in self.proposals], "games": self.games,
                "seconds": self.seconds, "cancelled": self.cancelled, "message": self.message}

    def to_text(self) -> str:
        lines: list[str] = []
        if self.before is not None:
            lines.append(f"before ({self.before.games} games): " + rates_text(self.before, self.seats))
        for i, p in enumerate(self.proposals, 1):
            mark = "meets the tolerance" if p.meets_tolerance else "does not meet the tolerance"
            lines.append(f"{i}. {p.edit.label}  ({mark})")
            others = p.edit.referenced_files
            if others:
                lines.append("   changes " + ", ".join((("the scenario",) if None in p.edit.files else ()) + others))
            lines.append(f"   before ({p.before.games} games): {rates_text(p.before, self.seats)}")
            lines.append(f"   after  ({p.after.games} games): {rates_text(p.after, self.seats)}")
        lines.append(f"{self.message}; {self.games} games in {self.seconds:.1f} s")
        return "\n".join(lines)


def rates_text(s: Summary, names: Sequence[str]) -> str:
    return ", ".join(f"{names[q]} {interval_text(p)}" for q, p in enumerate(s.seat_wins))


def interval_text(p: Proportion) -> str:
    return f"{p.rate * 100:.0f}% [{p.low * 100:.0f}, {p.high * 100:.0f}]"


@dataclass
class Budget:
    games: int = 2000
    seconds: float | None = None


class Assistant:
    """One search (`run()` once). `cancel()` from another thread stops it after the running games;
    `progress(done, total)` is called as games finish (total is the budget's games)."""

    def __init__(self, game: str, scenario: BaseModel, file: str | Path | None = None,
                 agents: Sequence[str] | None = None, budget: Budget | None = None,
                 tolerance: Tolerance | None = None, seed: int = 0, executor: Any = None,
                 base: str | None = None, roots: tuple[str, ...] = (), allow_outside: bool | None = None,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.game = get_game(game)
        self.scenario = scenario
        self.file = file
        self.budget = budget or Budget()
        self.tolerance = tolerance or Tolerance()
        self.seed = seed
        self.executor = executor
        self.base, self.roots, self.allow_outside = base, roots, allow_outside
        self.progress = progress
        state = self.game.new_game(scenario, seed, base=base)
        self.n = self.game.seat_count(state)
        names = list(agents or self.game.default_agents)
        self.agents = names * self.n if len(names) == 1 else names
        self.seat_names = self.game.seats(scenario)[: self.n] if self.n else []
        self.report = Report(self.seat_names)
        #: the files the scenario refers to that edits change, read once
        self.referenced = Referenced(file)
        self._cancel = threading.Event()
        self._batch: Batch | None = None
        #: what the search is doing, in words (a progress display reads it from another thread)
        self.phase = "measuring the scenario"
        self._t0 = 0.0

    # ---- the phases' budget -------------------------------------------------------------------
    @property
    def measure_games(self) -> int:
        return max(ROUND, min(200, self.budget.games // 10))

    @property
    def confirm_games(self) -> int:
        return max(ROUND, min(200, self.budget.games // 10))

    def cancel(self) -> None:
        self._cancel.set()
        if self._batch is not None:
            self._batch.cancel()

    def _out_of_time(self, reserve: float = 0.0) -> bool:
        return self.budget.seconds is not None and time.perf_counter() - self._t0 + reserve > self.budget.seconds

    def _play(self, models: Sequence[Edited], games: int, seed: int) -> list[list[GameRecord]]:
        """`games` games of each edited scenario on seeds seed.. (one batch, so every core is busy), with
        its edited referenced files in place of those on disk."""
        specs, owner = joined([[replace(spec, documents=m.played) if m.documents else spec
                                for spec in make_specs(self.game.name, m.scenario, self.agents, games, seed=seed,
                                                       base=self.base, agent_seed=seed, roots=self.roots,
                                                       allow_outside=self.allow_outside)]
                               for m in models])
        out: list[list[GameRecord]] = [[] for _ in models]
        self._batch = Batch(specs, self.executor)
        if self._cancel.is_set():
            self._batch.cancel()
        for k, rec in self._batch.indexed():
            out[owner[k]].append(rec)
            self.report.games += 1
            if self.progress:
                self.progress(self.report.games, self.budget.games)
        self._batch = None
        return out

    # ---- the search --------------------------------------------------------------------------------
    def run(self) -> Report:
        self._t0 = time.perf_counter()
        rep = self.report
        try:
            self._search(rep)
        finally:
            rep.seconds = time.perf_counter() - self._t0
        return rep

    def _search(self, rep: Report) -> None:
        before_records = self._play([Edited(self.scenario)], self.measure_games, self.seed)[0]
        if self._cancel.is_set():
            rep.cancelled = True
            return
        rep.before = summarize(before_records, self.n)
        rep.balanced = self.tolerance.meets(rep.before)
        if rep.balanced:
            return
        known = frozenset(file_problems(self.scenario, self.file))
        candidates: list[Candidate] = []
        file = Path(self.file) if self.file is not None else None
        for edit in self.game.edit_space(self.scenario, rep.before, file):
            edited = valid_edit(self.scenario, edit, self.file, known, self.referenced)
            if edited is not None:
                candidates.append(Candidate(edit, edited))
            if len(candidates) >= MAX_CANDIDATES:
                break
        rep.candidates = len(candidates)
        if not candidates:
            return
        self.phase = f"screening {len(candidates)} edits"
        # the single edits get half of the screening budget: the rest is for a second step
        reserve = 4 * self.confirm_games
        survivors = self._screen(candidates, rep.games + (self.budget.games - rep.games - reserve) // 2)
        if self._cancel.is_set():
            rep.cancelled = True
        if not self._cancel.is_set() and not any(self.tolerance.meets(c.summary(self.n)) for c in survivors):
            seen = {_same(c.edit) for c in survivors}
            more = []
            for c in self._pairs(survivors, known) + self._further(survivors[0], known):
                if _same(c.edit) not in seen:  # a pair and a second step that do the same: screened once
                    seen.add(_same(c.edit))
                    more.append(c)
            self.phase = f"screening {len(more)} combined and further edits"
            if more:
                survivors = sorted(survivors + self._screen(more, self.budget.games - reserve),
                                   key=lambda c: imbalance(c.summary(self.n)))[:3]
        if self._cancel.is_set() or not survivors:
            rep.cancelled = self._cancel.is_set()
            return
        self.phase = f"confirming {len(survivors[:3])} proposals on fresh seeds"
        self._confirm(survivors[:3], rep)

    def _screen(self, candidates: list[Candidate], until: int) -> list[Candidate]:
        """The best three of `candidates` after screening rounds, while the games played stay within
        `until` (and the time budget leaves the confirmation its time)."""
        # a small budget screens the edit space's likeliest edits (it lists them first), at least three
        alive = list(candidates)[: max(3, (until - self.report.games) // ROUND)]
        seed = self.seed + SCREEN_SEEDS
        reserve = 4 * self.confirm_games  # games the confirmation needs
        rounds = 0
        while alive and not self._cancel.is_set():
            cost = self.report.games + len(alive) * ROUND
            if (rounds and cost > until) or cost + reserve > self.budget.games:  # one round at least
                self.report.stopped = "games"
                break
            if self._out_of_time(self._seconds_per_game() * reserve):
                self.report.stopped = "time"
                break
            for c, recs in zip(alive, self._play([c.edited for c in alive], ROUND, seed + rounds * ROUND)):
                c.records += recs
            rounds += 1
            sums = [c.summary(self.n) for c in alive]
            best_high = min(imbalance_bounds(s)[1] for s in sums)
            alive = [c for c, s in zip(alive, sums) if imbalance_bounds(s)[0] <= best_high]  # racing
            alive.sort(key=lambda c: imbalance(c.summary(self.n)))
            if rounds >= 2 and len(alive) > 3:  # then halving: the budget goes to the promising ones
                alive = alive[: max(3, math.ceil(len(alive) / 2))]
            if len(alive) <= 3 and rounds >= 3:
                break
        return sorted(alive, key=lambda c: imbalance(c.summary(self.n)))[:3]

    def _pairs(self, best: list[Candidate], known: frozenset[str]) -> list[Candidate]:
        out = []
        for i in range(len(best)):
            for j in range(i + 1, len(best)):
                if {(c.file, c.path) for c in best[i].edit.changes} & \
                        {(c.file, c.path) for c in best[j].edit.changes}:
                    continue  # two edits of the same value are not a pair
                edit = combine([best[i].edit, best[j].edit])
                edited = valid_edit(self.scenario, edit, self.file, known, self.referenced)
                if edited is not None:
                    out.append(Candidate(edit, edited))
        return out

    def _further(self, best: Candidate, known: frozenset[str]) -> list[Candidate]:
        """A second step from the best edit: the game's edits of the scenario it made, given how that
        played (a handicap that helped but not enough is raised again). The edit space reads the
        referenced files from disk: a second step in a file the first one changed is left out."""
        out = []
        changed = set(best.edit.files) - {None}
        for edit in self.game.edit_space(best.edited.scenario, best.summary(self.n),
                                         Path(self.file) if self.file else None):
            if changed & set(edit.files):
                continue
            both = then(best.edit, edit)
            if any(c.before == c.after for c in both.changes):
                continue  # the second step took the first back
            edited = valid_edit(self.scenario, both, self.file, known, self.referenced)
            if edited is not None:
                out.append(Candidate(both, edited))
            if len(out) >= MAX_CANDIDATES // 2:
                break
        return out

    def _seconds_per_game(self) -> float:
        done = self.report.games
        return (time.perf_counter() - self._t0) / done if done else 0.0

    def _confirm(self, best: list[Candidate], rep: Report) -> None:
        seed = self.seed + CONFIRM_SEEDS
        played = self._play([Edited(self.scenario), *(c.edited for c in best)], self.confirm_games, seed)
        if self._cancel.is_set():
            rep.cancelled = True
            return
        before = summarize(played[0], self.n)
        for c, recs in zip(best, played[1:]):
            after = summarize(recs, self.n)
            rep.proposals.append(Proposal(c.edit, before, after, len(c.records), self.tolerance.meets(after),
                                          c.edited))
        rep.proposals.sort(key=lambda p: (not p.meets_tolerance, imbalance(p.after)))
