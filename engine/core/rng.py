"""One seeded, counter-based random generator per game state: its whole state is (seed, draws).

SplitMix64 is counter-based by construction (output n = mix(seed + n * gamma)), so a state can be
saved as two integers, cloned for free, and replayed exactly: a game is a pure function of
(scenario, seed, actions).
"""
from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class CounterRng:
    __slots__ = ("seed", "draws", "_base")

    def __init__(self, seed: int, draws: int = 0) -> None:
        self.seed = int(seed)
        self.draws = int(draws)
        self._base = _mix(self.seed & _MASK)

    def next_u64(self) -> int:
        self.draws += 1
        return _mix((self._base + self.draws * _GAMMA) & _MASK)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """An integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("randrange() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def chance(self, p: float) -> bool:
        """True with probability p."""
        return self.random() < p

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def clone(self) -> "CounterRng":
        return CounterRng(self.seed, self.draws)

    def state(self) -> tuple[int, int]:
        return (self.seed, self.draws)

    def __repr__(self) -> str:
        return f"CounterRng(seed={self.seed}, draws={self.draws})"


def derive(seed: int, *keys: int) -> int:
    """A 64-bit seed derived from `seed` and `keys` (e.g. a seat, a square): independent streams
    for agents, and random numbers keyed by *what* they decide rather than by draw order."""
    z = _mix(int(seed) & _MASK)
    for k in keys:
        z = _mix((z + _GAMMA + (int(k) & _MASK)) & _MASK)
    return z


def keyed_random(seed: int, *keys: int) -> float:
    """A float in [0, 1) that depends only on (seed, keys)."""
    return (derive(seed, *keys) >> 11) * (1.0 / (1 << 53))
