"""Hex math (engine.core.hexgrid): distance, neighbours, and line of sight as exact geometry,
including lines that run along a hex edge."""
from __future__ import annotations

from hypothesis import given, strategies as st

from gridsmith.engine.core.hexgrid import bfs_distances, distance, line_clear, neighbours, sight_line, within


def test_distance_and_neighbours():
    assert distance((0, 0), (3, -1)) == 3 and distance((0, 0), (2, 2)) == 4
    assert all(distance((5, 5), n) == 1 for n in neighbours((5, 5)))
    assert len(set(within((0, 0), 2))) == 19


def test_straight_line_crosses_the_hexes_between():
    assert sight_line(3, 0) == (((1, 0), (2, 0)), ())


def test_line_to_a_diagonal_hex_runs_along_an_edge():
    # from (0, 0) to (1, 1) the middle third of the line lies on the edge between (1, 0) and (0, 1)
    assert sight_line(1, 1) == ((), (((0, 1), (1, 0)),))
    inside, edges = sight_line(2, 2)
    assert inside == ((1, 1),) and len(edges) == 2


def test_exact_line_finds_every_hex_it_crosses():
    # sampling distance + 1 points would find 3 hexes between; the segment crosses 4
    assert set(sight_line(3, 1)[0]) == {(1, 0), (1, 1), (2, 0), (2, 1)}


def test_edge_rule_both_or_either():
    wall = {(1, 0)}
    assert line_clear((0, 0), (1, 1), wall.__contains__, edge_needs_both=True)
    assert not line_clear((0, 0), (1, 1), wall.__contains__, edge_needs_both=False)
    both = {(1, 0), (0, 1)}
    assert not line_clear((0, 0), (1, 1), both.__contains__, edge_needs_both=True)


def test_bfs_goes_round_walls():
    walls = {(1, 0), (1, 1)}
    d = bfs_distances((0, 0), lambda h: h not in walls and 0 <= h[0] < 5 and 0 <= h[1] < 5)
    assert d[(2, 0)] == 5


coords = st.integers(-6, 6)


@given(coords, coords, coords, coords, st.sets(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), max_size=30))
def test_line_of_sight_is_symmetric(q1, r1, q2, r2, walls):
    a, b = (q1, r1), (q2, r2)
    for both in (True, False):
        assert line_clear(a, b, walls.__contains__, both) == line_clear(b, a, walls.__contains__, both)
