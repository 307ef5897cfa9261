"""Batch play, computer against computer, for any registered game (engine.core.games).

Games come from the `gridsmith.games` entry-point group, agents from `gridsmith.agents`, and each
game is played by the one loop (engine.core.loop.Match). Each game
is one picklable `GameSpec`, played by `play_game` in whatever `concurrent.futures.Executor` the
caller passes: a local process pool, or a Dask distributed cluster's executor
(`distributed.Client(address).get_executor()`), so the same code scales from a laptop to a cluster.

A spec carries everything the run needs besides the files themselves (the content tree references may
lead into and whether they may lead outside it, formats.session), so a worker on another machine plays
the game exactly as the calling process would; it reads referenced files at the same paths. A game that
fails is one line in its record (`GameRecord.error`), never a traceback, wherever it was played.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from multiprocessing.context import BaseContext
from typing import Any

from gridsmith.formats.diagnostics import safe_text
from gridsmith.formats.references import overlaid
from gridsmith.formats.session import session

from .game import Game
from .games import get as get_game
from .loop import Match, Step
from .rng import derive
from .stats import Mean, Proportion, Ratio, Spread, bootstrap, mean_interval, spread, wilson


@dataclass(frozen=True)
class GameSpec:
    game: str  # e.g. "pendulous"
    scenario: Any  # the game's scenario model (picklable)
    agents: tuple[str, ...]  # agent name per seat
    seed: int
    rotation: int = 0  # which seat order of the same seed this is (for --rotate)
    ruleset: Any = None
    agent_options: tuple[tuple[tuple[str, Any], ...], ...] = ()  # per seat, (key, value) pairs
    max_actions: int = 1_000_000  # a safety net against agents that never end a game
    base: str | None = None  # the folder the scenario's relative references resolve against
    #: None: the computer players' generators come from a secret (engine.core.rng.seat_rngs);
    #: a number fixes them, for reproducible tests and benchmarks
    agent_seed: int | None = None
    #: record where squares changed hands / pieces fell (the game's `Presentation.heat`) in the record
    heat: bool = False
    #: the content tree the scenario's references may lead into (formats.session; empty: the folder
    #: `base`), and whether they may lead outside it (None: as the environment of the process that plays
    #: says, formats.session): the calling process's settings, for every worker
    roots: tuple[str, ...] = ()
    allow_outside: bool | None = None
    #: (path, model) of referenced files played as these models, not as on disk
    #: (formats.references.overlaid): the balance assistant's edits of them, measured unwritten
    documents: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class GameRecord:
    seed: int
    rotation: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    actions: int
    turns: int | None
    seconds: float
    #: why the game failed, in one line (None: it was played to the end)
    error: str | None = None
    #: ((x, y, count), ...) of the game's heat cells, when the spec asked for them
    heat: tuple[tuple[int, int, int], ...] = ()
    #: the board's (width, height) when heat was recorded
    size: tuple[int, int] | None = None
    #: whether the game ended by its own rule, not a safety bound (`Game.ended_by_rule`)
    by_rule: bool = True
    #: the share of the game's actions after which its one winner led for good by the game's measure
    #: (`Game.leader`): 0 led from the start, 1 led only when the game ended; None: a draw, or the
    #: game has no measure
    lead_from: float | None = None


def play_game(spec: GameSpec, on_step: Callable[[Step], None] | None = None) -> GameRecord:
    """Play one game to the end; an exception is recorded, never raised (one bad game must not
    sink a thousand-game batch)."""
    t0 = time.perf_counter()
    match = None
    try:
        game = get_game(spec.game)
        roots: list[str] = list(spec.roots) or [spec.base or "."]
        with session(roots=list(roots), allow_outside=spec.allow_outside), overlaid(dict(spec.documents)):
            state = game.new_game(spec.scenario, spec.seed, ruleset=spec.ruleset, base=spec.base)
        opts = spec.agent_options or tuple(() for _ in spec.agents)
        agents = [game.agent(name, **dict(o)) for name, o in zip(spec.agents, opts)]
        match = Match(state, agents, spec.agent_seed, spec.max_actions, names=spec.agents)
        heat: dict[tuple[int, int], int] = {}
        hooks: list[Callable[[Step], None]] = []
        if spec.heat:
            def count_heat(step: Step) -> None:
                for cell in game.presentation.heat(state, step):
                    heat[cell] = heat.get(cell, 0) + 1
            hooks.append(count_heat)
        lead = Lead(game, state, match) if game.has_leader else None
        if lead is not None:
            hooks.append(lead.step)
        if on_step is not None:
            hooks.append(on_step)
        match.run(chain(hooks))
        r = state.result
        return GameRecord(spec.seed, spec.rotation, spec.agents, tuple(r.winners), tuple(r.scores), match.actions,
                          getattr(state, "turns_played", getattr(state, "turn", None)), time.perf_counter() - t0,
                          heat=tuple((x, y, n) for (x, y), n in sorted(heat.items())),
                          size=game.presentation.board_size(state) if spec.heat else None,
                          by_rule=game.ended_by_rule(state),
                          lead_from=lead.share(tuple(r.winners)) if lead is not None else None)
    except Exception as e:  # noqa: BLE001 - reported per game
        return failed(spec, e, match.actions if match else 0, time.perf_counter() - t0)


def chain(hooks: list[Callable[[Step], None]]) -> Callable[[Step], None] | None:
    """One step callback that calls each of `hooks` in turn (None when there are none)."""
    if len(hooks) <= 1:
        return hooks[0] if hooks else None

    def each(step: Step) -> None:
        for h in hooks:
            h(step)
    return each


class Lead:
    """Who leads a game by its own measure (`Game.leader`), followed after every action, and since
    which action: what a record's `lead_from` is made of."""

    def __init__(self, game: Game[Any, Any, Any], state: Any, match: Match) -> None:
        self.game, self.state, self.match = game, state, match
        self.seat = game.leader(state)
        self.since = 0  # the number of actions played when `seat` took the lead

    def step(self, step: Step) -> None:
        q = self.game.leader(self.state)
        if q != self.seat:
            self.seat, self.since = q, self.match.actions

    def share(self, winners: tuple[int, ...]) -> float | None:
        """The share of the game after which its one winner led for good (1: it did not lead at the
        end, the game's ending rule decided); None for a draw."""
        if len(winners) != 1:
            return None
        total = self.match.actions
        return self.since / total if self.seat == winners[0] and total else 1.0


def one_line(e: BaseException) -> str:
    """An exception as one printable line: `Type: message`, the message's lines joined by `; `
    (a scenario error names every problem on its own line) and escaped (formats.diagnostics.safe_text)."""
    text = "; ".join(line.strip() for line in str(e).splitlines() if line.strip())
    return safe_text(f"{type(e).__name__}: {text}" if text else type(e).__name__, 500)


def failed(spec: GameSpec, e: BaseException, actions: int = 0, seconds: float = 0.0) -> GameRecord:
    """The record of a game that could not be played (or whose worker could not return it)."""
    return GameRecord(spec.seed, spec.rotation, spec.agents, (), (), actions, None, seconds, one_line(e))


def make_specs(game: str, scenario: Any, agents: list[str], games: int, seed: int = 0, rotate: bool = False,
               ruleset: Any = None, agent_options: list[dict[str, Any]] | None = None, base: str | None = None,
               agent_seed: int | None = None, heat: bool = False, roots: tuple[str, ...] = (),
               allow_outside: bool | None = None) -> list[GameSpec]:
    """`games` seeds; with `rotate`, each seed once per rotation of the seat order, so every agent
    plays every seat on the same games. `agent_seed` fixes the computer players' generators (one
    per game, derived from it); None draws them from a secret. `heat`: records carry the heat cells.
    `roots`, `allow_outside`: the reference settings every game is played with (GameSpec)."""
    n = len(agents)
    opts = tuple(tuple(sorted((agent_options[q] if agent_options else {}).items())) for q in range(n))
    specs = []
    for g in range(games):
        for k in range(n if rotate else 1):
            order = tuple(agents[(q - k) % n] for q in range(n))
            o = tuple(opts[(q - k) % n] for q in range(n))
            aseed = None if agent_seed is None else derive(agent_seed, g, k)
            specs.append(GameSpec(game, scenario, order, seed + g, k, ruleset, o, base=base, agent_seed=aseed,
                                  heat=heat, roots=roots, allow_outside=allow_outside))
    return specs


def run(specs: list[GameSpec], executor: Executor | None = None, progress: bool = False) -> Iterator[GameRecord]:
    """Play `specs`, yielding records as games finish (in the calling process without an executor)."""
    for _, rec in indexed(specs, executor, progress):
        yield rec


def indexed(specs: list[GameSpec], executor: Executor | None = None,
            progress: bool = False) -> Iterator[tuple[int, GameRecord]]:
    """Play `specs`, yielding (index in `specs`, record) as games finish."""
    bar = None
    if progress:
        from tqdm import tqdm  # type: ignore[import-untyped]  # optional progress bar; no stubs

        bar = tqdm(total=len(specs), unit="game", dynamic_ncols=True, leave=False)
    try:
        for i, rec in Batch(specs, executor).indexed():  # the one loop over an executor's games
            if bar:
                bar.update()
            yield i, rec
    finally:
        if bar:
            bar.close()


def run_batches(batches: list[list[GameSpec]], executor: Executor | None = None,
                progress: bool = False) -> list[list[GameRecord]]:
    """Play several batches as one (their games share the executor's workers, none waits for another
    batch to finish); the records of each batch, in the order of `batches`."""
    specs, owner = joined(batches)
    out: list[list[GameRecord]] = [[] for _ in batches]
    for i, rec in indexed(specs, executor, progress):
        out[owner[i]].append(rec)
    return out


def joined(batches: list[list[GameSpec]]) -> tuple[list[GameSpec], list[int]]:
    """Several batches as one list of specs, and the batch each spec came from (an index that
    `indexed` or `Batch.indexed` yields maps back to its batch through it)."""
    return [s for specs in batches for s in specs], [b for b, specs in enumerate(batches) for _ in specs]


def result_of(future: Future[GameRecord], spec: GameSpec) -> GameRecord:
    """A finished future's record; a worker that died or could not run the game (a cluster without
    gridsmith, a lost connection) makes the game's record fail in one line instead of the batch."""
    try:
        return future.result()
    except Exception as e:  # noqa: BLE001 - reported per game, like play_game's own failures
        return failed(spec, e)


def seed_list(seeds: list[int]) -> str:
    """`0-3, 7, 9-10`: sorted seeds with runs folded."""
    runs: list[list[int]] = []
    for s in sorted(set(seeds)):
        if runs and runs[-1][1] == s - 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


@dataclass
class Summary:
    games: int
    errors: list[str]
    seats: int
    seat_wins: list[Proportion]
    agent_wins: dict[str, Proportion]
    draws: Proportion
    length_actions: Spread
    length_turns: Spread
    first_seat_advantage: float  # seat 1's win rate minus a fair share (1 / seats)
    mean_scores: list[float]
    seconds: float = 0.0
    records: list[GameRecord] = field(default_factory=list, repr=False)
    #: the share of games ended by the game's own rule, not a safety bound (GameRecord.by_rule)
    completion: Proportion = field(default_factory=lambda: wilson(0, 0))
    #: the mean share of a game after which its eventual winner led for good (GameRecord.lead_from),
    #: over the games with one winner; None when no such game had a measure of who leads (Game.leader)
    decisiveness: Mean | None = None
    #: the mean length with its interval: in turns when the game counts them, else in actions
    duration: Mean = field(default_factory=lambda: mean_interval([]))
    #: restricted play against random players (`simulate --skill`, skill_share); None: not measured
    skill: Skill | None = None

    def failures(self) -> list[tuple[str, list[int]]]:
        """(one-line reason, seeds) per distinct reason a game failed, most frequent first."""
        by: dict[str, list[int]] = {}
        for r in self.records:
            if r.error is not None:
                by.setdefault(r.error, []).append(r.seed)
        return sorted(by.items(), key=lambda kv: (-len(kv[1]), min(kv[1])))

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "errors": len(self.errors),
            "failures": [{"error": e, "seeds": sorted(set(seeds)), "games": len(seeds)}
                         for e, seeds in self.failures()],
            "seat_win_rate": [p.to_json() for p in self.seat_wins],
            "agent_win_rate": {k: v.to_json() for k, v in self.agent_wins.items()},
            "draw_rate": self.draws.to_json(),
            "length_actions": self.length_actions.to_json(),
            # null: the game counts no turns (Pyramids: moves only)
            "length_turns": self.length_turns.to_json() if self.length_turns.n else None,
            "first_seat_advantage": self.first_seat_advantage,
            "mean_scores": self.mean_scores,
            "seconds": self.seconds,
            "completion": self.completion.to_json(),
            "safety_bound": self.games - self.completion.k,
            "duration": {"unit": "turns" if self.length_turns.n else "actions", **self.duration.to_json()},
            "decisiveness": self.decisiveness.to_json() if self.decisiveness is not None else None,
            "skill": self.skill.to_json() if self.skill is not None else None,
        }

    def to_text(self, seat_names: list[str] | None = None, turn_word: str = "turn") -> str:
        """The summary for a terminal; `turn_word`: what the game counts its length in (Game.turn_word)."""
        names = seat_names or [f"seat {q + 1}" for q in range(self.seats)]
        w = max([8, *map(len, names), *map(len, self.agent_wins)])
        lines = [f"{self.games} game{'s' * (self.games != 1)}, {len(self.errors)} errors, {self.seconds:.1f} s"]
        for e, seeds in self.failures():  # one line per reason, never a traceback
            n = len(seeds)
            lines.append(f"failed: {n} game{'s' * (n != 1)} (seed{'s' * (len(set(seeds)) != 1)} "
                         f"{seed_list(seeds)}): {e}")
        if not self.games:
            return "\n".join(lines)
        lines.append("win rate per seat (95% CI):")
        for q, p in enumerate(self.seat_wins):
            lines.append(f"  {names[q]:<{w}} {p.to_text()}   mean score {self.mean_scores[q]:.1f}")
        if len(self.agent_wins) > 1:
            lines.append("win rate per agent (95% CI):")
            for a, p in self.agent_wins.items():
                lines.append(f"  {a:<{w}} {p.to_text()}")
        lines.append(f"draws    {self.draws.to_text()}")
        if self.length_turns.n:
            lines.append(f"length   {self.length_turns.to_text()} {turn_word}s; {self.length_actions.to_text()} actions")
        else:
            lines.append(f"length   {self.length_actions.to_text()} actions (the game counts no turns)")
        lines.append(f"first-seat advantage {self.first_seat_advantage * 100:+.1f} points over a fair "
                     f"{100 / max(1, self.seats):.1f}%")
        unit = f"{turn_word}s" if self.length_turns.n else "actions"
        lines.append(f"duration mean {self.duration.to_text(unit=' ' + unit)} (95% CI)")
        bound = self.games - int(self.completion.k)
        lines.append(f"completion {self.completion.to_text()} ended by the game's own rule"
                     + (f"; {bound} reached a safety bound" if bound else ""))
        if self.decisiveness is not None:
            lines.append(f"decisiveness: the winner led for good after {self.decisiveness.to_text(100, '%')} "
                         "of the game, mean (95% CI; 0% led from the start, 100% only at the end)")
        else:
            lines.append("decisiveness: - (no game with one winner and a measure of who leads)")
        if self.skill is not None:
            lines.extend(self.skill.to_text())
        return "\n".join(lines)


def summarize(records: Iterable[GameRecord], seats: int) -> Summary:
    recs = sorted(records, key=lambda r: (r.seed, r.rotation))
    ok = [r for r in recs if r.error is None]
    n = len(ok)
    seat_wins = [0] * seats
    agent_wins: dict[str, int] = {}
    agent_games: dict[str, int] = {}
    draws = 0
    for r in ok:
        for a in set(r.agents):
            agent_games[a] = agent_games.get(a, 0) + 1
        if len(r.winners) == 1:
            w = r.winners[0]
            seat_wins[w] += 1
            agent_wins[r.agents[w]] = agent_wins.get(r.agents[w], 0) + 1
        else:
            draws += 1
    swins = [wilson(seat_wins[q], n) for q in range(seats)]
    leads = [r.lead_from for r in ok if r.lead_from is not None]
    turns = [float(r.turns) for r in ok if r.turns is not None]
    first = swins[0].rate - 1 / seats if n else 0.0
    mean_scores = [sum(r.scores[q] for r in ok) / n if n else 0.0 for q in range(seats)]
    return Summary(
        games=n,
        errors=[r.error for r in recs if r.error],
        seats=seats,
        seat_wins=swins,
        agent_wins={a: wilson(agent_wins.get(a, 0), agent_games[a]) for a in sorted(agent_games)},
        draws=wilson(draws, n),
        length_actions=spread([r.actions for r in ok]),
        length_turns=spread([r.turns for r in ok if r.turns is not None]),
        first_seat_advantage=first,
        mean_scores=mean_scores,
        records=recs,
        completion=wilson(sum(1 for r in ok if r.by_rule), n),
        decisiveness=mean_interval(leads, within=(0.0, 1.0)) if leads else None,
        duration=mean_interval(turns if turns else [float(r.actions) for r in ok]),
    )


@dataclass
class Skill:
    """How much skill a scenario rewards, by restricted play (after Jaffe et al. 2012, "Evaluating
    competitive game balance with restricted play"): the strongest computer player and greedy each
    play every seat in turn against random players in the others, on the same seeds; `share` is
    (strong's win rate - greedy's) / (1 - greedy's): the part of what greedy leaves to win against
    random that the stronger player wins. Near zero: thinking further than greedy does not pay (a
    scenario decided by dice, or one greedy already masters); undefined when greedy wins every game.
    A shared win counts as a share of a win. docs/commands.md has the definition."""

    strong: str
    seats: int
    strong_vs_random: Proportion
    greedy_vs_random: Proportion
    share: Ratio

    def to_json(self) -> dict[str, Any]:
        return {"strongest": self.strong, "strong_vs_random": self.strong_vs_random.to_json(),
                "greedy_vs_random": self.greedy_vs_random.to_json(), "fair_share": 1 / self.seats,
                "share": self.share.to_json()}

    def to_text(self) -> list[str]:
        return [f"skill share {self.share.to_text()} (95% bootstrap CI), from play against random players "
                f"(fair share {100 / self.seats:.1f}%):",
                f"  {self.strong:<8} {self.strong_vs_random.to_text()}",
                f"  {'greedy':<8} {self.greedy_vs_random.to_text()}"]


def strongest(game: Game[Any, Any, Any]) -> str:
    """The game's strongest computer player (`Game.strongest_agent`, else the first default player
    that is not greedy, else greedy)."""
    if game.strongest_agent:
        return game.strongest_agent
    return next((a for a in game.default_agents if a != "greedy"), "greedy")


def skill_specs(game: str, scenario: Any, seats: int, strong: str, games: int, seed: int = 0,
                **options: Any) -> tuple[list[GameSpec], list[GameSpec]]:
    """The two batches of the skill share: `strong`, then greedy, in one seat against random players in
    the others, each seed once per seat (make_specs' rotation); `options` as make_specs takes them."""
    def batch(agent: str) -> list[GameSpec]:
        return make_specs(game, scenario, [agent] + ["random"] * (seats - 1), games, seed=seed, rotate=True,
                          **options)
    return batch(strong), batch("greedy")


def skill_share(strong_records: Iterable[GameRecord], greedy_records: Iterable[GameRecord], strong: str,
                seats: int) -> Skill:
    """The Skill of the two batches skill_specs made (failed games left out)."""
    def scores(records: Iterable[GameRecord], agent: str) -> list[float]:
        out = []
        for r in records:
            if r.error is not None:
                continue
            mine = [q for q in r.winners if r.agents[q] == agent and r.agents.count(agent) == 1]
            out.append(1 / len(r.winners) if mine else 0.0)
        return out

    s, g = scores(strong_records, strong), scores(greedy_records, "greedy")

    def share(ws: float, wg: float) -> float | None:
        return (ws - wg) / (1 - wg) if wg < 1 - 1e-12 else None
    return Skill(strong, seats, wilson(sum(s), len(s)), wilson(sum(g), len(g)), bootstrap((s, g), share))


def executor(jobs: int | None = None, scheduler: str | None = None,
             mp_context: str | BaseContext | None = None) -> tuple[Executor | None, Callable[[], None]]:
    """(executor or None, close) for batch play: a Dask distributed scheduler's executor when an
    address is given (`Client.get_executor()` is a concurrent.futures.Executor), else a local
    process pool of `jobs` workers (default: the CPU count; 1: None, play in the calling process).
    `mp_context`: how the pool starts its workers (a GUI passes "spawn": no fork of its threads)."""
    import os

    if scheduler:
        from distributed import Client

        client = Client(scheduler)  # type: ignore[no-untyped-call]  # Dask ships no annotations here
        return client.get_executor(), client.close  # type: ignore[no-untyped-call]
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1:
        return None, lambda: None
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context(mp_context) if isinstance(mp_context, str) else mp_context
    ex = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)
    return ex, lambda: ex.shutdown(wait=True, cancel_futures=True)


class Batch:
    """A batch that can be cancelled from another thread (the editor's balance lab): iterate it for
    records as games finish; `cancel()` stops it after the games already running (pending games are
    never started). Without an executor the games are played one by one in the iterating thread."""

    def __init__(self, specs: list[GameSpec], executor: Executor | None = None) -> None:
        self.specs = specs
        self.executor = executor
        self._cancel = threading.Event()
        self._futures: list[Future[GameRecord]] = []
        self.done = 0

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        self._cancel.set()
        for f in self._futures:
            f.cancel()

    def __iter__(self) -> Iterator[GameRecord]:
        for _, rec in self.indexed():
            yield rec

    def indexed(self) -> Iterator[tuple[int, GameRecord]]:
        """(index in `specs`, record) as games finish: how a caller that put several batches in one
        (the main batch and the skill share's, skill_specs) tells their records apart."""
        if self.executor is None:
            for i, s in enumerate(self.specs):
                if self.cancelled:
                    return
                self.done += 1
                yield i, play_game(s)
            return
        self._futures = [self.executor.submit(play_game, s) for s in self.specs]
        index = {f: i for i, f in enumerate(self._futures)}
        if self.cancelled:  # cancelled while submitting
            self.cancel()
        pending = set(self._futures)
        while pending:
            finished, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for f in finished:
                if not f.cancelled():
                    self.done += 1
                    yield index[f], result_of(f, self.specs[index[f]])
            if self.cancelled:
                pending = {f for f in pending if not f.cancel()}  # the running ones finish


def heat_map(records: Iterable[GameRecord]) -> tuple[tuple[int, int] | None, dict[tuple[int, int], int]]:
    """The board size and the summed heat of the records (how often each cell changed hands or saw a
    piece fall, over all games)."""
    total: dict[tuple[int, int], int] = {}
    size = None
    for r in records:
        size = size or r.size
        for x, y, n in r.heat:
            total[(x, y)] = total.get((x, y), 0) + n
    return size, total
