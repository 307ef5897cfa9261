"""A scenario's recorded balance (a baseline) and the test that tells whether today's games moved
from it: the balance check of content CI (`gridsmith simulate FILE --baseline B.json`,
`gridsmith balance --check FILE...`, the `gridsmith-balance` pre-commit hook).

A baseline records how it was measured (computer players, games, first seed) and what: each seat's
wins and the games ended by the game's own rule. Today's run plays the same seeds with the same
players; a rate *moved* when a two-proportion z-test (pooled, two-sided) rejects equality at the
stated level (default 1%) **and** the difference is at least the minimum effect (default 5 points),
so neither noise on many games nor a large swing on a handful fails a build alone.
"""
from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gridsmith.formats.atomic import atomic_write_text

from .errors import GameError

VERSION = 1
BASELINE_SUFFIX = ".balance.json"
LEVEL = 0.01  # the test's significance level
MIN_EFFECT = 0.05  # the smallest difference of rates that counts as a move


class BaselineError(GameError):
    """A baseline file that cannot be read or does not fit the scenario."""


@dataclass(frozen=True)
class Rate:
    what: str  # "seat Red (greedy)", "completion"
    k: float
    n: int

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else 0.0


@dataclass(frozen=True)
class Move:
    what: str
    before: float
    after: float
    p: float  # the test's p-value

    def to_text(self) -> str:
        return (f"{self.what}: {self.before * 100:.1f}% -> {self.after * 100:.1f}% "
                f"({(self.after - self.before) * 100:+.1f} points, p = {self.p:.2g})")

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "before": self.before, "after": self.after, "p": self.p}


def rates(summary: Any, seat_names: Sequence[str]) -> list[Rate]:
    """The rates a baseline keeps of a simulate Summary: each seat's wins, and completion when the
    summary counts it."""
    out = [Rate(f"seat {seat_names[q]}", p.k, p.n) for q, p in enumerate(summary.seat_wins)]
    completion = getattr(summary, "completion", None)
    if completion is not None:
        out.append(Rate("completion", completion.k, completion.n))
    return out


def record(summary: Any, seat_names: Sequence[str], agents: Sequence[str], first_seed: int,
           agent_seed: int | None, scenario: str) -> dict[str, Any]:
    return {"gridsmith_baseline": VERSION, "scenario": scenario, "agents": list(agents),
            "games": summary.games, "first_seed": first_seed, "agent_seed": agent_seed,
            "rates": [{"what": r.what, "count": r.k, "games": r.n} for r in rates(summary, seat_names)]}


def write(path: str | Path, data: dict[str, Any]) -> None:
    atomic_write_text(path, json.dumps(data, indent=2) + "\n")


def read(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise BaselineError(f"{path}: cannot read the baseline: {e.strerror or e}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BaselineError(f"{path}: not a baseline (JSON): {e}") from None
    if not isinstance(data, dict) or data.get("gridsmith_baseline") != VERSION:
        raise BaselineError(f"{path}: not a gridsmith baseline of version {VERSION} "
                            "(write one with `gridsmith simulate FILE --write-baseline PATH`)")
    try:
        data["rates"] = [Rate(str(r["what"]), float(r["count"]), int(r["games"])) for r in data["rates"]]
        data["games"], data["first_seed"] = int(data["games"]), int(data["first_seed"])
        data["agents"] = [str(a) for a in data["agents"]]
        data["agent_seed"] = None if data.get("agent_seed") is None else int(data["agent_seed"])
    except (KeyError, TypeError, ValueError) as e:
        raise BaselineError(f"{path}: a baseline's field is missing or wrong: {e}") from None
    return data


def two_proportion_p(a: Rate, b: Rate) -> float:
    """Two-sided p-value of the pooled two-proportion z-test that a and b have the same rate."""
    if not a.n or not b.n:
        return 1.0
    pooled = (a.k + b.k) / (a.n + b.n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n))
    if se == 0:
        return 1.0 if a.rate == b.rate else 0.0
    z = abs(a.rate - b.rate) / se
    return math.erfc(z / math.sqrt(2))


def moves(before: Sequence[Rate], after: Sequence[Rate], level: float = LEVEL,
          min_effect: float = MIN_EFFECT) -> list[Move]:
    """The rates that moved (significant at `level` and at least `min_effect` apart), by name."""
    now = {r.what: r for r in after}
    out = []
    for b in before:
        a = now.get(b.what)
        if a is None:
            continue
        p = two_proportion_p(b, a)
        if p < level and abs(a.rate - b.rate) >= min_effect:
            out.append(Move(b.what, b.rate, a.rate, p))
    return out


def next_to(scenario: str | Path) -> Path:
    """Where a scenario's baseline lives by default: `duel.scn.yaml` -> `duel.scn.balance.json`."""
    p = Path(scenario)
    stem = p.name[: -len(p.suffix)] if p.suffix in (".yaml", ".yml") else p.name
    return p.with_name(stem + BASELINE_SUFFIX)
