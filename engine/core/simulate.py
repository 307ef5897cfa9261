"""Batch play, computer against computer, for any registered game (engine.core.games).

Games come from the `gridsmith.games` entry-point group, agents from `gridsmith.agents`, and each
game is played by the one loop (engine.core.loop.Match). Each game
is one picklable `GameSpec`, played by `play_game` in whatever `concurrent.futures.Executor` the
caller passes: a local process pool, or a Dask distributed cluster's executor
(`distributed.Client(address).get_executor()`), so the same code scales from a laptop to a cluster.
"""
from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import Any

from .games import get as get_game
from .loop import Match, Step
from .rng import derive
from .stats import Proportion, Spread, spread, wilson


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
    error: str | None = None


def play_game(spec: GameSpec, on_step: Callable[[Step], None] | None = None) -> GameRecord:
    """Play one game to the end; an exception is recorded, never raised (one bad game must not
    sink a thousand-game batch)."""
    t0 = time.perf_counter()
    match = None
    try:
        game = get_game(spec.game)
        state = game.new_game(spec.scenario, spec.seed, ruleset=spec.ruleset, base=spec.base)
        opts = spec.agent_options or tuple(() for _ in spec.agents)
        agents = [game.agent(name, **dict(o)) for name, o in zip(spec.agents, opts)]
        match = Match(state, agents, spec.agent_seed, spec.max_actions, names=spec.agents)
        match.run(on_step)
        r = state.result
        return GameRecord(spec.seed, spec.rotation, spec.agents, tuple(r.winners), tuple(r.scores), match.actions,
                          getattr(state, "turns_played", getattr(state, "turn", None)), time.perf_counter() - t0)
    except Exception as e:  # noqa: BLE001 - reported per game
        return GameRecord(spec.seed, spec.rotation, spec.agents, (), (), match.actions if match else 0, None,
                          time.perf_counter() - t0, f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=3)}")


def make_specs(game: str, scenario: Any, agents: list[str], games: int, seed: int = 0, rotate: bool = False,
               ruleset: Any = None, agent_options: list[dict] | None = None, base: str | None = None,
               agent_seed: int | None = None) -> list[GameSpec]:
    """`games` seeds; with `rotate`, each seed once per rotation of the seat order, so every agent
    plays every seat on the same games. `agent_seed` fixes the computer players' generators (one
    per game, derived from it); None draws them from a secret."""
    n = len(agents)
    opts = tuple(tuple(sorted((agent_options[q] if agent_options else {}).items())) for q in range(n))
    specs = []
    for g in range(games):
        for k in range(n if rotate else 1):
            order = tuple(agents[(q - k) % n] for q in range(n))
            o = tuple(opts[(q - k) % n] for q in range(n))
            aseed = None if agent_seed is None else derive(agent_seed, g, k)
            specs.append(GameSpec(game, scenario, order, seed + g, k, ruleset, o, base=base, agent_seed=aseed))
    return specs


def run(specs: list[GameSpec], executor: Executor | None = None, progress: bool = False) -> Iterator[GameRecord]:
    """Play `specs`, yielding records as games finish (in the calling process without an executor)."""
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(specs), unit="game", dynamic_ncols=True, leave=False)
    try:
        if executor is None:
            for s in specs:
                rec = play_game(s)
                if bar:
                    bar.update()
                yield rec
        else:
            futures = [executor.submit(play_game, s) for s in specs]
            for f in as_completed(futures):
                if bar:
                    bar.update()
                yield f.result()
    finally:
        if bar:
            bar.close()


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

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "errors": len(self.errors),
            "seat_win_rate": [p.to_json() for p in self.seat_wins],
            "agent_win_rate": {k: v.to_json() for k, v in self.agent_wins.items()},
            "draw_rate": self.draws.to_json(),
            "length_actions": self.length_actions.to_json(),
            "length_turns": self.length_turns.to_json(),
            "first_seat_advantage": self.first_seat_advantage,
            "mean_scores": self.mean_scores,
            "seconds": self.seconds,
        }

    def to_text(self, seat_names: list[str] | None = None) -> str:
        names = seat_names or [f"seat {q + 1}" for q in range(self.seats)]
        w = max([8, *map(len, names), *map(len, self.agent_wins)])
        lines = [f"{self.games} games, {len(self.errors)} errors, {self.seconds:.1f} s"]
        lines.append("win rate per seat (95% CI):")
        for q, p in enumerate(self.seat_wins):
            lines.append(f"  {names[q]:<{w}} {p.to_text()}   mean score {self.mean_scores[q]:.1f}")
        if len(self.agent_wins) > 1:
            lines.append("win rate per agent (95% CI):")
            for a, p in self.agent_wins.items():
                lines.append(f"  {a:<{w}} {p.to_text()}")
        lines.append(f"draws    {self.draws.to_text()}")
        lines.append(f"length   {self.length_turns.to_text()} turns; {self.length_actions.to_text()} actions")
        lines.append(f"first-seat advantage {self.first_seat_advantage * 100:+.1f} points over a fair "
                     f"{100 / max(1, self.seats):.1f}%")
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
    )
