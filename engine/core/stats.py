"""Balance statistics for batch play: proportions with confidence intervals, mean and spread, means with
their intervals and bootstrap intervals of estimates that combine batches (engine.core.simulate)."""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile


@dataclass(frozen=True)
class Proportion:
    k: float  # fractional when a shared win counts as a fraction (wilson)
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else 0.0

    def to_text(self) -> str:
        return f"{self.rate * 100:5.1f}% [{self.low * 100:5.1f}, {self.high * 100:5.1f}] ({self.k}/{self.n})"

    def to_json(self) -> dict[str, Any]:
        return {"count": self.k, "games": self.n, "rate": self.rate, "ci95": [self.low, self.high]}


def wilson(k: float, n: int, z: float = Z95) -> Proportion:
    """The Wilson score interval: sound for small n and for rates near 0 or 1 (unlike k/n +- z*se).
    `k` may be fractional (a shared win counted as a fraction); the interval treats it as is."""
    if n <= 0:
        return Proportion(int(k), 0, 0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return Proportion(k, n, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Spread:
    n: int
    mean: float
    sd: float
    low: float
    high: float

    def to_text(self) -> str:
        return f"mean {self.mean:.1f}, sd {self.sd:.1f}, range {self.low:g}-{self.high:g}"

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "mean": self.mean, "sd": self.sd, "min": self.low, "max": self.high}


def spread(values: list[float]) -> Spread:
    n = len(values)
    if not n:
        return Spread(0, 0.0, 0.0, 0.0, 0.0)
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return Spread(n, m, sd, min(values), max(values))


@dataclass(frozen=True)
class Mean:
    """A mean with its 95% interval (normal approximation: mean +- z * sd / sqrt(n), sound for the
    hundreds of games a batch plays; with n < 2 the interval is the mean itself)."""

    n: int
    mean: float
    sd: float
    low: float
    high: float

    def to_text(self, scale: float = 1.0, unit: str = "") -> str:
        return (f"{self.mean * scale:.1f}{unit} [{self.low * scale:.1f}, {self.high * scale:.1f}] "
                f"(n={self.n})")

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "mean": self.mean, "sd": self.sd, "ci95": [self.low, self.high]}


def mean_interval(values: list[float], z: float = Z95, within: tuple[float, float] | None = None) -> Mean:
    """The mean of `values` with its interval; `within`: the range the values can take (e.g. 0 to 1 for
    shares), which the interval is clipped to."""
    s = spread(values)
    half = z * s.sd / math.sqrt(s.n) if s.n > 1 else 0.0
    low, high = s.mean - half, s.mean + half
    if within is not None:
        low, high = max(within[0], low), min(within[1], high)
    return Mean(s.n, s.mean, s.sd, low, high)


@dataclass(frozen=True)
class Ratio:
    """An estimate computed from two batches (e.g. the skill share) with a bootstrap 95% interval;
    `value` None when the estimate is undefined (its denominator is zero)."""

    value: float | None
    low: float | None
    high: float | None

    def to_text(self, scale: float = 100.0, unit: str = "%") -> str:
        if self.value is None:
            return "undefined"
        assert self.low is not None and self.high is not None
        return f"{self.value * scale:.1f}{unit} [{self.low * scale:.1f}, {self.high * scale:.1f}]"

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "ci95": None if self.value is None else [self.low, self.high]}


def bootstrap(samples: tuple[list[float], ...], statistic: Callable[..., float | None], rounds: int = 2000,
              seed: int = 0) -> Ratio:
    """`statistic(*means)` of the means of independent samples, with a percentile bootstrap 95% interval
    (each sample resampled with replacement, `rounds` times, from a fixed seed so a report repeats).
    Rounds where the statistic is undefined are left out of the interval."""
    value = statistic(*(sum(s) / len(s) if s else 0.0 for s in samples))
    if value is None or any(not s for s in samples):
        return Ratio(value, None, None) if value is None else Ratio(value, value, value)
    rng = random.Random(seed)
    got: list[float] = []
    for _ in range(rounds):
        v = statistic(*(sum(rng.choices(s, k=len(s))) / len(s) for s in samples))
        if v is not None:
            got.append(v)
    if not got:
        return Ratio(value, value, value)
    got.sort()
    return Ratio(value, got[int(0.025 * (len(got) - 1))], got[int(0.975 * (len(got) - 1))])
