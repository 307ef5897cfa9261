"""The counter generators (engine.core.rng): ranges they cannot draw from are refused, never looped on."""
from __future__ import annotations

import pytest

from gridsmith.engine.core.rng import CounterRng, seat_rngs


@pytest.mark.parametrize("n", [0, -3, (1 << 64) + 1, 10 ** 30])
def test_a_range_no_64_bit_draw_can_cover_is_refused(n):
    """Found while speeding up the loop: above 2**64 the rejection bound was 0 and randrange looped for ever."""
    for rng in (CounterRng(1), seat_rngs(1, 5)[0]):
        with pytest.raises(ValueError, match="randrange"):
            rng.randrange(n)


def test_the_largest_range_and_small_ones_draw():
    rng = CounterRng(2)
    assert 0 <= rng.randrange(1 << 64) < 1 << 64
    assert {rng.randrange(3) for _ in range(200)} == {0, 1, 2}


def test_the_inlined_draws_equal_the_general_ones():
    """_Stream's random() and choice() inline next_u64 for speed: the same values and the same
    number of draws as _Draws' versions built on next_u64, for sizes seen before and not."""
    from gridsmith.engine.core.rng import CounterRng, _Draws, seat_rngs

    for fast, slow in ((CounterRng(3), CounterRng(3)), (seat_rngs(2, 7)[1], seat_rngs(2, 7)[1])):
        for n in [1, 2, 3, 5, 36, 37, 1000, 65536, 65537, 2 ** 40] * 30:
            assert fast.choice(range(n)) == _Draws.choice(slow, range(n))
            assert fast.random() == _Draws.random(slow)
            assert fast.draws == slow.draws
