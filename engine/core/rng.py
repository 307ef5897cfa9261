"""Random generators: the game's own (seeded, counter-based, replayable) and the computer players'
(from an independent secret, so no agent can learn the game's seed from its own generator).

The game's generator (`CounterRng`) is SplitMix64, counter-based by construction (output n =
mix(seed + n * gamma)): a state saves as two integers, clones for free and replays exactly, so a
game is a pure function of (scenario, seed, actions).

Hidden information must not leak through generators (issue 12):

- `SeatRng`: a computer player's generator. Its key comes from `secrets` (or, for reproducible
  tests and benchmarks only, from an explicit *agent seed* that has nothing to do with the game's
  seed); it exposes no seed, and knowing it says nothing about the game's chance.
- `hidden_rng(seed, label, *keys)`: a stream for hidden chance (a random setup, a shuffle). Its
  seed is a keyed BLAKE2b hash of the game's seed: one-way, so neither the public chance stream's
  state nor a seat's own hidden stream gives another seat's stream without the game's seed.
- `new_seed()`: a game seed nobody can guess (63 bits from `secrets`), the default wherever the
  user gives no seed. An explicit seed is public by choice: whoever knows it knows the game.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


#: randrange's rejection bound per small n (the largest multiple of n up to 2**64), asked for every draw
_LIMITS: dict[int, int] = {}


class _Draws:
    """Everything a generator offers, built on `next_u64`."""

    __slots__ = ()

    def next_u64(self) -> int:  # pragma: no cover - every generator defines it
        raise NotImplementedError

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """An integer in [0, n), without modulo bias."""
        if not 0 < n <= 1 << 64:  # above 2**64 no 64-bit draw is below the rejection bound: it would never end
            raise ValueError(f"randrange() needs 0 < n <= 2**64, not {n}")
        limit = _LIMITS.get(n)
        if limit is None:
            limit = (1 << 64) - ((1 << 64) % n)
            if n <= 1 << 16:  # the sizes of lists of legal actions and dice, not arbitrary ranges
                _LIMITS[n] = limit
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def chance(self, p: float) -> bool:
        """True with probability p."""
        return self.random() < p

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


class _Stream(_Draws):
    """Output n is mix(base + n * gamma): the game's generator and the computer players' alike."""

    __slots__ = ("draws", "_base")

    draws: int
    _base: int

    def next_u64(self) -> int:
        # _mix inlined: this runs for every die an engine throws and every choice a player makes
        self.draws = n = self.draws + 1
        z = (self._base + n * _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    # the draws most asked for, with next_u64 inlined (the same outputs as _Draws' versions)

    def random(self) -> float:
        self.draws = n = self.draws + 1
        z = (self._base + n * _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        limit = _LIMITS.get(n)
        if limit is None:  # a size not seen yet (or an empty or huge sequence): the general path
            return seq[self.randrange(n)]
        base = self._base
        while True:
            self.draws = k = self.draws + 1
            z = (base + k * _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return seq[z % n]


class CounterRng(_Stream):
    """The game's generator: its whole state is (seed, draws)."""

    __slots__ = ("seed",)

    def __init__(self, seed: int, draws: int = 0) -> None:
        self.seed = int(seed)
        self.draws = int(draws)
        self._base = _mix(self.seed & _MASK)

    def clone(self) -> "CounterRng":
        return CounterRng(self.seed, self.draws)

    def state(self) -> tuple[int, int]:
        return (self.seed, self.draws)

    def __repr__(self) -> str:
        return f"CounterRng(seed={self.seed}, draws={self.draws})"


def _hash64(*parts: object) -> int:
    h = hashlib.blake2b(digest_size=8, person=b"gridsmith-rng")
    for p in parts:
        b = str(p).encode()
        h.update(len(b).to_bytes(4, "little") + b)
    return int.from_bytes(h.digest(), "little")


class SeatRng(_Stream):
    """A computer player's generator: keyed by a secret, exposing no seed. Use `seat_rngs`."""

    __slots__ = ()

    def __init__(self, key: bytes, seat: int) -> None:
        self._base = _hash64(key.hex(), "seat", seat)
        self.draws = 0

    def __repr__(self) -> str:
        return f"SeatRng(<secret>, draws={self.draws})"


def seat_rngs(seats: int, agent_seed: int | None = None) -> list[SeatRng]:
    """The one derivation of every seat's generator (engine.core.loop uses it on every surface).

    The key is 32 bytes from `secrets`, independent of the game; `agent_seed` fixes it for
    reproducible tests, golden traces and benchmarks (it is still independent of the game's seed)."""
    key = secrets.token_bytes(32) if agent_seed is None else hashlib.sha256(f"agent-seed:{int(agent_seed)}".encode()).digest()
    return [SeatRng(key, q) for q in range(seats)]


def hidden_rng(seed: int, label: str, *keys: object) -> CounterRng:
    """A stream for hidden chance keyed by what it decides (e.g. `hidden_rng(seed, "setup", side)`):
    one-way from the game's seed, independent of the public stream `CounterRng(seed)`."""
    return CounterRng(_hash64("hidden", int(seed), label, *keys))


def new_seed() -> int:
    """A game seed from `secrets`: the default when the user gives none."""
    return secrets.randbits(63)


def derive(seed: int, *keys: int) -> int:
    """A 64-bit seed derived from `seed` and `keys` (e.g. a square): random numbers keyed by *what*
    they decide rather than by draw order. (Invertible mixing: not for hidden chance.)"""
    z = _mix(int(seed) & _MASK)
    for k in keys:
        z = _mix((z + _GAMMA + (int(k) & _MASK)) & _MASK)
    return z


def keyed_random(seed: int, *keys: int) -> float:
    """A float in [0, 1) that depends only on (seed, keys)."""
    return (derive(seed, *keys) >> 11) * (1.0 / (1 << 53))
