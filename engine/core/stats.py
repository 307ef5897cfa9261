"""Balance statistics for batch play: proportions with confidence intervals, mean and spread."""
from __future__ import annotations

import math
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
