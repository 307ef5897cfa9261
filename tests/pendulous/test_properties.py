"""Properties: random legal play on generated maps never breaks an invariant of the rules."""
from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pendulous.api import GAME
from gridsmith.engine.pendulous.actions import END_TURN, Attack
from gridsmith.engine.pendulous.agents import _targets
from gridsmith.engine.pendulous.board import Listing, bits_of
from gridsmith.engine.pendulous.combat import odds_units, odds_units_fast
from gridsmith.engine.pendulous.saves import load_game, save_game

from .helpers import player, rules, scenario


@st.composite
def games(draw):
    nseats = draw(st.integers(2, 4))
    w, h = draw(st.integers(2, 9)), draw(st.integers(1, 7))
    alphabet = "~" + "1234"[:nseats] + "ABCD"[:nseats]
    rows = ["".join(draw(st.sampled_from(alphabet)) for _ in range(w)) for _ in range(h)]
    players = [
        player(f"P{q}", initial_forces=draw(st.integers(0, 6)), max_forces=draw(st.integers(0, 8)),
               reinforcement_rate=draw(st.integers(0, 3)), resource_rate=draw(st.integers(0, 6)),
               start_resources=draw(st.integers(0, 3)), army_effectiveness=draw(st.sampled_from([50, 100, 120])))
        for q in range(nseats)
    ]
    ruleset = rules(
        supply={"live_during_turn": draw(st.booleans()), "reversion_cascades": draw(st.booleans()),
                "reversion_in_setup_turn": draw(st.booleans())},
        combat={"defender_loss_without_army": draw(st.sampled_from(["pool_then_map", "none", "pool"])),
                "army_after_city_capture": draw(st.sampled_from(["pool", "lost"])),
                "successive_attacks": draw(st.sampled_from(["turn", "consecutive"])),
                "defender_city_support": draw(st.sampled_from(["once", "per_city"])),
                "attacker_unsupplied_armies_support": draw(st.booleans()),
                "defender_unsupplied_armies_support": draw(st.booleans())},
        turns={"reinforcements_over_maximum": draw(st.sampled_from(["none", "cap"])),
               "victory_points_in_setup_turn": draw(st.booleans())},
    )
    sc = scenario(rows, players, turns=draw(st.integers(1, 4)), naval=draw(st.booleans()))
    return sc, ruleset, draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32))


def reference_supply(sc, owner_at) -> set[tuple[int, int]]:
    """2.8 traced the slow, obvious way: breadth-first from every city through its owner's squares."""
    h, w = len(sc.map), max(len(r) for r in sc.map)
    supplied = set()
    for r in range(h):
        for c in range(w):
            if c < len(sc.map[r]) and sc.map[r][c] in "ABCD":
                o = owner_at(r, c)
                todo = [(r, c)]
                while todo:
                    y, x = todo.pop()
                    if (y, x) in supplied:
                        continue
                    supplied.add((y, x))
                    for dy in (-1, 0, 1):
                        for dx in (-1, 0, 1):
                            ny, nx = y + dy, x + dx
                            if 0 <= ny < h and 0 <= nx < w and (ny, nx) not in supplied and owner_at(ny, nx) == o:
                                todo.append((ny, nx))
    return supplied


def check_invariants(s, sc):
    b = s.board
    cap = s.rules.limits.armies_per_land_square
    onmap = [0] * len(s.pool)
    for r in range(b.height):
        for c in range(b.width):
            kind, owner, armies, _ = s.square(r, c)
            if kind != "land":
                assert armies == 0, "no armies on cities or water (2.1)"
            assert 0 <= armies <= cap, "at most one army per land square (2.1)"
            if armies:
                onmap[owner] += armies
            if owner >= 0:
                assert s.own_mask[owner] >> b.index(r, c) & 1
    assert onmap == s.onmap
    for q, p in enumerate(sc.players):
        assert s.pool[q] >= 0 and s.resources[q] >= 0, "never negative"
        assert s.forces(q) <= p.max_forces, "forces never above maximum (3.1.1)"
        if s.out[q]:
            assert s.forces(q) == 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_play_keeps_every_invariant(game):
    sc, ruleset, seed, agent_seed = game
    s = GAME.new_game(sc, seed, ruleset)
    rng = CounterRng(agent_seed)
    live = ruleset.supply.live_during_turn
    for _ in range(400):
        if s.is_over:
            break
        legal = s.legal_actions()
        assert legal and legal[-1] == END_TURN
        for a in legal:
            assert s.why_illegal(a) is None
            if isinstance(a, Attack):  # the fast odds of computer players equal the itemized ones
                i = s.board.index(a.row, a.col)
                assert odds_units_fast(s, s.seat, i) == odds_units(s, s.seat, i)[:2]
        # computer players' ratings kept between actions equal rating every target afresh
        fresh = s.clone()
        fresh.agent_cache = None
        assert sorted(_targets(s, s.seat)) == sorted(_targets(fresh, s.seat))
        a = legal[-1] if rng.chance(0.15) else rng.choice(legal)
        for e in s.apply(a):
            event(type(e).__name__)
        check_invariants(s, sc)
        if a == END_TURN or live:
            want = reference_supply(sc, lambda r, c: s.square(r, c)[1] if s.square(r, c)[0] != "water" else -2)
            got = {(r, c) for r in range(s.board.height) for c in range(s.board.width)
                   if s.square(r, c)[0] != "water" and s.square(r, c)[3]}
            assert got == want, "supply equals the reference tracing"
    again = load_game(save_game(s))  # replay reproduces the snapshot (load_game raises otherwise)
    assert again.vp == s.vp and again.owner == s.owner


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 2599), max_size=40), min_size=1, max_size=8))
def test_listing_lists_what_bits_of_lists(flips):
    """board.Listing edits its last answer when a mask changes a few squares (legal actions, attack
    targets): each answer equals bits_of of the mask, and the objects are those at its indices."""
    listing, objs = Listing(), [f"o{i}" for i in range(2600)]
    x = 0
    for squares in flips:
        for i in squares:
            x ^= 1 << i
        idx, got = listing.items("slot", x, objs)
        assert idx == bits_of(x)
        assert got == [objs[i] for i in idx]
        assert listing.items("bare", x)[0] == bits_of(x)
