"""One test per rule of the Pendulous manual (000_0ffe945cf53f29c7); each quotes the rule it checks."""
from __future__ import annotations

import pytest

from gridsmith.engine.pendulous import Attack, IllegalAction, PickUp, Place, attack_odds
from gridsmith.engine.pendulous.actions import END_TURN

from .helpers import player, play, rules, start, texts, through_setup

DUEL = [
    "11122",
    "A112B",
    "11122",
]


# ---------------------------------------------------------------- 2.4 the setup turn
def test_setup_turn_places_and_picks_up_free_on_owned_squares():
    """2.4: "Armies can be freely pickup and placed on owned map squares during the setup turn
    without expending any resources." 4.2.1: "Initial Forces ... added to the force pool at the
    start of the setup turn"."""
    s = start(DUEL, [player(initial_forces=4, start_resources=0), player()])
    assert s.turn == 0 and s.pool[0] == 4 and s.resources[0] == 0
    play(s, "place 0,0", "place 0,1", "pickup 0,0", "place 2,2")
    assert s.pool[0] == 2 and s.onmap[0] == 2 and s.resources[0] == 0
    # only owned land: not enemy squares, not cities
    assert s.why_illegal(Place(0, 3)) is not None
    assert "city" in s.why_illegal(Place(1, 0))


def test_no_attacks_in_setup_turn():
    """1.2: "The game starts with a setup turn where resource points are not used and attacks are not allowed." """
    s = start(DUEL)
    assert not any(isinstance(a, Attack) for a in s.legal_actions())
    assert "setup turn" in s.why_illegal(Attack(0, 3))
    with pytest.raises(IllegalAction):
        s.apply(Attack(0, 3))


# ---------------------------------------------------------------- 2.4 / 2.6 resources and reinforcements
def test_start_resources_plus_rate_on_first_turn_and_rates_every_turn():
    """4.2.1: "Start Resources: ... resource points each player will have on the first turn ( plus
    the resource rate )". 2.4: "At the start of each players turn the reinforcement rate value is
    added to that players force pool and the resource rate value is added to that players resources"."""
    s = start(DUEL, [player(start_resources=3, resource_rate=5, reinforcement_rate=2, initial_forces=5), player()])
    through_setup(s)
    assert (s.turn, s.seat) == (1, 0)
    assert s.resources[0] == 3 + 5 and s.pool[0] == 5 + 2
    play(s, "end", "end")
    assert s.resources[0] == 3 + 5 + 5 and s.pool[0] == 5 + 2 + 2


def test_reinforcements_not_given_when_they_would_exceed_maximum_forces():
    """3.1.1: "Reinforcements will not be given to the player that would cause the army count to
    exceed this maximum force count." The turn's reinforcements would exceed it: none are given
    (ruleset turns.reinforcements_over_maximum: none; the variant `cap` gives as many as fit)."""
    p = player(initial_forces=5, max_forces=6, reinforcement_rate=3)
    s = start(DUEL, [p, player()])
    through_setup(s)
    assert s.forces(0) == 5  # 5 + 3 would be 8 > 6: none given
    s1 = start(DUEL, [player(initial_forces=3, max_forces=6, reinforcement_rate=3), player()])
    through_setup(s1)
    assert s1.forces(0) == 6  # 3 + 3 fits exactly
    s2 = start(DUEL, [p, player()], ruleset=rules(turns={"reinforcements_over_maximum": "cap"}))
    through_setup(s2)
    assert s2.forces(0) == 6  # the variant: only 1 of the 3 fit
    # initial forces above the maximum are capped too (forces never exceed the maximum)
    s3 = start(DUEL, [player(initial_forces=9, max_forces=4), player()])
    assert s3.pool[0] == 4


# ---------------------------------------------------------------- 2.5 armies
def test_place_costs_one_resource_needs_pool_and_resource():
    """2.5: "To place an army on the map you first must have at least one army in your force pool
    and you must have at least one resource point ... one resource point will be used." """
    s = start(DUEL, [player(initial_forces=1, start_resources=0, resource_rate=3, reinforcement_rate=0), player()])
    through_setup(s)
    assert s.resources[0] == 3 and s.pool[0] == 1
    play(s, "place 0,0")
    assert s.resources[0] == 2 and s.pool[0] == 0 and s.armies[s.board.index(0, 0)] == 1
    assert "force pool is empty" in s.why_illegal(Place(0, 1))
    play(s, "pickup 0,0", "place 0,1")  # 2.5: "Armies can be reused any number of times in a game turn"
    assert s.resources[0] == 0
    assert "resource" in s.why_illegal(PickUp(0, 1))
    assert s.legal_actions() == [END_TURN]


def test_armies_reused_any_number_of_times_in_a_normal_turn():
    """2.5: "Armies can be reused any number of times in a game turn as long as resource points are
    available." The ruleset's action limit (turns.max_actions_per_turn) bounds only turns where
    placing and picking up cost nothing, where play could otherwise never end: the setup turn
    (2.4: "Armies can be freely pickup and placed on owned map squares during the setup turn
    without expending any resources"). Variant turns.action_limit: every_turn."""
    lim = {"max_actions_per_turn": 4}
    s = start(DUEL, [player(initial_forces=1, start_resources=20, resource_rate=0), player()],
              ruleset=rules(turns=lim))
    play(s, "place 0,0", "pickup 0,0", "place 0,0", "pickup 0,0")
    assert s.legal_actions() == [END_TURN]  # the free setup turn is bounded
    play(s, "end")
    through_setup(s)
    for _ in range(10):  # 20 resource points: ten times down and up again
        play(s, "place 0,0", "pickup 0,0")
    assert s.resources[0] == 0 and s.actions_this_turn == 20
    s = start(DUEL, [player(initial_forces=1, start_resources=20), player()],
              ruleset=rules(turns={**lim, "action_limit": "every_turn"}))
    through_setup(s)
    play(s, "place 0,0", "pickup 0,0", "place 0,0", "pickup 0,0")
    assert s.legal_actions() == [END_TURN] and "limit" in s.why_illegal(Place(0, 0))
    # a ruleset that makes normal turns free too is bounded there as well
    s = start(DUEL, [player(initial_forces=1), player()],
              ruleset=rules(turns=lim, costs={"place": 0, "pick_up": 0}))
    through_setup(s)
    play(s, "place 0,0", "pickup 0,0", "place 0,0", "pickup 0,0")
    assert s.legal_actions() == [END_TURN]


def test_one_army_per_land_square_none_on_cities():
    """2.1: "Land squares can contain an army ... City squares ... may not contain armies." """
    s = start(DUEL)
    play(s, "place 0,0")
    assert "at most one army" in s.why_illegal(Place(0, 0))
    assert Place(1, 0) not in s.legal_actions()


def test_pick_up_only_in_supply():
    """2.5: "As long as the army you selected is in supply it will be picked up"."""
    # red's square 0,3 cannot reach red's city: it is out of supply from the start
    s2 = start(["A1~12B"], ruleset=rules(supply={"disband_in_setup_turn": False}))
    play(s2, "place 0,3", "place 0,1")
    assert not s2.is_supplied(0, 3) and s2.is_supplied(0, 1)
    assert "in supply" in s2.why_illegal(PickUp(0, 3))
    assert s2.why_illegal(PickUp(0, 1)) is None


# ---------------------------------------------------------------- 2.7 combat
def test_attack_needs_an_adjacent_friendly_square():
    """2.7: "In order for a square to be a valid attack square the player must have a friendly
    square adjacent to the target square." Diagonals count (2.1)."""
    s = start(["A1222B"])
    through_setup(s)
    targets = {(a.row, a.col) for a in s.legal_actions() if isinstance(a, Attack)}
    assert targets == {(0, 2)}
    assert "friendly square" in s.why_illegal(Attack(0, 3))
    s = start(["A1~~", "~~2B"])  # 0,1 touches 1,2 diagonally
    through_setup(s)
    assert s.why_illegal(Attack(1, 2)) is None


def test_attacker_and_defender_point_table():
    """2.7: "10 points for attacking army - 5 points for each attackers army next to target square
    ... 2 Points for land - 15 Points for army in defending square - 5 Points for each defenders
    army next to target square ... 5 Points if target square is next to defender city"."""
    s = start(DUEL)
    through_setup(s, {0: ["place 0,2", "place 2,2"], 1: ["place 1,3", "place 0,4"]})
    o = attack_odds(s, (1, 3))
    assert dict(o.attack_items) == {"attacking army": 10, "2 adjacent armies": 10}
    assert dict(o.defence_items) == {"land": 2, "army on square": 15, "1 adjacent armies": 5, "1 adjacent cities": 5}
    assert (o.attack, o.defence) == (20, 27)
    assert o.chance == pytest.approx(20 / 47)


def test_attacker_city_and_defender_city_points():
    """2.7: "3 points for each attackers city next to target square ... 25 Points for city square";
    2.1: "city squares support the eight surrounding squares with a defensive value of 5"."""
    s = start(["1122", "1AB2", "1122"])
    through_setup(s)
    o = attack_odds(s, (1, 2))  # gray's city, next to red's city
    assert dict(o.attack_items) == {"attacking army": 10, "1 adjacent cities": 3}
    assert dict(o.defence_items) == {"city": 25}
    o = attack_odds(s, (0, 2))  # gray land next to both cities
    assert o.attack == 13 and dict(o.defence_items) == {"land": 2, "1 adjacent cities": 5}


def test_defender_city_support_counts_once():
    """2.7: "5 Points if target square is next to defender city", against "3 points for each
    attackers city next to target square" in the same table: the defender's 5 is a condition, once,
    however many of its cities touch the target (the table is the specific statement; 2.1's "city
    squares support the eight surrounding squares with a defensive value of 5 per square" is the
    general one). Variant: combat.defender_city_support: per_city."""
    rows = ["1BB", "12B", "A22"]
    s = start(rows)
    through_setup(s)
    o = attack_odds(s, (1, 1))  # gray land next to three gray cities
    assert dict(o.defence_items) == {"land": 2, "3 adjacent cities, counted once": 5} and o.defence == 7
    s = start(rows, ruleset=rules(combat={"defender_city_support": "per_city"}))
    through_setup(s)
    o = attack_odds(s, (1, 1))
    assert dict(o.defence_items) == {"land": 2, "3 adjacent cities": 15} and o.defence == 17


def test_manual_examples_25_vs_25_is_50_and_10_vs_30_is_25_percent():
    """2.7: "if the attacter has 25 points and the defender has 25 points its a 50% chance of success.
    If the attacker has 10 points and the defender has 30 points its a 25% chance"."""
    # 25 vs 25: an army and three supporting armies against a lone city
    s = start(["1112", "11B2", "1112", "A222"])
    through_setup(s, {0: ["place 0,1", "place 1,1", "place 2,1"]})
    o = attack_odds(s, (1, 2))
    assert (o.attack, o.defence, o.chance) == (25, 25, 0.5)
    # 10 vs 30: a lone army against a city next to another city of the defender
    s = start(["A1BB"])
    through_setup(s)
    o = attack_odds(s, (0, 2))
    assert (o.attack, o.defence, o.chance) == (10, 30, 0.25)


def test_chance_is_realised_by_the_dice():
    """2.7: the points "are compared to give a percent chance that the attacker will succeed"."""
    s = start(["A1BB"], [player(initial_forces=0, reinforcement_rate=1), player()])
    through_setup(s)
    wins = 0
    n = 2000
    for seed in range(n):
        c = s.clone()
        c.rng.seed, c.rng.draws = seed, 0
        c.rng = type(c.rng)(seed)
        ev = c.apply(Attack(0, 2))
        wins += ev[0].won
    assert abs(wins / n - 0.25) < 3 * (0.25 * 0.75 / n) ** 0.5


def test_successive_attacks_get_25_percent_more_each():
    """2.7: "on the second attack to a square the attacker will get a 25% bonus on the third attack
    the attacker will get a 50 % bonus etc." """
    lose = rules(combat={"attacker": {"attacking_army": 10}, "defender": {"city": 10_000}})
    s = start(["A1BB"], [player(initial_forces=5), player()], ruleset=lose)
    through_setup(s)
    assert attack_odds(s, (0, 2)).attack == 10
    play(s, "attack 0,2")
    o = attack_odds(s, (0, 2))
    assert (o.attempt, o.successive_bonus, o.attack) == (2, 25, 12.5)
    play(s, "attack 0,2")
    assert attack_odds(s, (0, 2)).attack == 15
    # the count starts again next turn
    play(s, "end", "end")
    assert attack_odds(s, (0, 2)).attack == 10


def test_successive_attacks_are_an_unbroken_run():
    """2.7: "Each time a player attacks the same square successivly the attackers point value
    increases by 25%": successively, one right after the other; an attack on another square ends
    the run (placing or picking up armies in between does not: those are not attacks). Variant
    combat.successive_attacks: turn counts every earlier attack on the square this turn."""
    lose = {"defender": {"city": 10_000, "land": 10_000}}
    s = start(["A1BB", "1122"], [player(initial_forces=5), player()], ruleset=rules(combat=lose))
    through_setup(s)
    play(s, "attack 0,2", "place 0,1")
    assert attack_odds(s, (0, 2)).attempt == 2
    play(s, "attack 1,2")
    assert attack_odds(s, (0, 2)).attempt == 1
    s = start(["A1BB", "1122"], [player(initial_forces=5), player()],
              ruleset=rules(combat={**lose, "successive_attacks": "turn"}))
    through_setup(s)
    play(s, "attack 0,2", "attack 1,2")
    assert attack_odds(s, (0, 2)).attempt == 2


def test_army_effectiveness_scales_points():
    """2.7: "a player with a army effectiveness of 80% would receive just 80% of his attack or
    defense points for every combat, and a player with 120% would receive a 20% bonus"."""
    s = start(["1112", "11B2", "1112", "A222"], [player(army_effectiveness=80), player(army_effectiveness=120)])
    through_setup(s, {0: ["place 0,1", "place 1,1", "place 2,1"]})
    o = attack_odds(s, (1, 2))
    assert (o.attack, o.defence) == (20, 30)  # 25 x 80%, 25 x 120%
    assert o.chance == pytest.approx(0.4)


def test_naval_invasion_from_a_port_on_the_same_water():
    """2.1: "Cities which have water as any of the surrounding squares are port cities. Port cities
    allow naval invasions to take place to any costal square on the same body of water as long as
    naval invasions are enabled". 2.7: "2 points for naval invading army"."""
    rows = ["1~~22", "A~~2B", "1~~22"]
    s = start(rows, naval=True)
    through_setup(s)
    targets = {(a.row, a.col) for a in s.legal_actions() if isinstance(a, Attack)}
    assert targets == {(0, 3), (1, 3), (2, 3)}  # the coastal squares; 0,4 and 1,4 are inland
    o = attack_odds(s, (0, 3))
    assert o.naval and dict(o.attack_items) == {"naval invading army": 2}
    assert dict(o.defence_items) == {"land": 2, "1 adjacent cities": 5}
    # not enabled: no naval invasions
    s = start(rows, naval=False)
    through_setup(s)
    assert not any(isinstance(a, Attack) for a in s.legal_actions())
    # a port on another body of water does not reach
    s = start(["A~1~2", "11122", "1~2~B"], naval=True)
    through_setup(s)
    assert s.why_illegal(Attack(0, 4)) is not None


def test_naval_army_add_variant():
    s = start(["1~~22", "A~~2B", "1~~22"], naval=True, ruleset=rules(combat={"naval_army": "add"}))
    through_setup(s)
    assert attack_odds(s, (0, 3)).attack == 12


def test_unsupplied_target_has_no_defence_and_no_support():
    """2.7: "0 Unsupplied square ( no support is given )"."""
    rows = ["~~~~2~~~", "A1~12~2B", "~~~~~~~~"]
    keep = {"disband_in_setup_turn": False}
    s = start(rows, ruleset=rules(supply=keep))
    through_setup(s, {1: ["place 0,4"]})
    assert not s.is_supplied(1, 4) and not s.is_supplied(1, 3)
    o = attack_odds(s, (1, 4))  # attacked from red's own (unsupplied) square 1,3
    assert dict(o.defence_items) == {"unsupplied square": 0} and o.chance == 1.0
    assert dict(attack_odds(s, (0, 4)).defence_items) == {"unsupplied square": 0, "army on square": 15}
    s = start(rows, ruleset=rules(supply=keep, combat={"unsupplied_target_gets_support": True}))
    through_setup(s, {1: ["place 0,4"]})
    assert dict(attack_odds(s, (1, 4)).defence_items) == {"unsupplied square": 0, "1 adjacent armies": 5}


def test_attackers_armies_support_whether_or_not_their_squares_are_supplied():
    """2.5: "Armies on the map next to an enemy square being attacked support in the attack with a
    value of 5. ... Armies next to a friendly square being attacked add 5 points to the defense of
    that square." No condition on the supporting army's own square: the "0 Unsupplied square ( no
    support is given )" row of 2.7 is in the defender's table and is about the target. Variants:
    combat.attacker_unsupplied_armies_support / defender_unsupplied_armies_support: false."""
    # red's 0,3 and 1,3 are cut off from red's city A by water
    rows = ["A1~122", "11~12B"]
    keep = {"disband_in_setup_turn": False, "reversion_in_setup_turn": False}
    s = start(rows, ruleset=rules(supply=keep))
    through_setup(s, {0: ["place 0,3", "place 1,3"]})
    assert not s.is_supplied(0, 3) and not s.is_supplied(1, 3) and s.is_supplied(0, 4)
    o = attack_odds(s, (0, 4))
    assert dict(o.attack_items) == {"attacking army": 10, "2 adjacent armies": 10}
    off = {"attacker_unsupplied_armies_support": False}
    s = start(rows, ruleset=rules(supply=keep, combat=off))
    through_setup(s, {0: ["place 0,3", "place 1,3"]})
    assert dict(attack_odds(s, (0, 4)).attack_items) == {"attacking army": 10}
    # the defender's side: its armies on unsupplied squares support an unsupplied target where the
    # ruleset gives such a target support at all (a supplied target's neighbours of the same owner
    # are supplied too)
    s = start(["~~~~2~~~", "A1~12~2B", "~~~~~~~~"], ruleset=rules(
        supply=keep, combat={"unsupplied_target_gets_support": True, "defender_unsupplied_armies_support": False}))
    through_setup(s, {1: ["place 0,4"]})
    assert dict(attack_odds(s, (1, 4)).defence_items) == {"unsupplied square": 0}


def test_loser_loses_an_army_and_attack_costs_a_resource_either_way():
    """2.7: "The loser of the battle will lose an army. If the attacker wins, the square attacked will
    change ownership ... If the attacker loses one army will be subtracted from the force pool. The
    attacker will expend one resource point regardless of who wins the combat." """
    win = rules(combat={"defender": {"land": 0, "army_on_square": 0, "adjacent_army": 0, "adjacent_city": 0}})
    s = start(DUEL, ruleset=win)
    through_setup(s, {1: ["place 1,3"]})
    pool, res, gray = s.pool[0], s.resources[0], s.forces(1)
    ev = play(s, "attack 1,3")
    assert ev[0].won and ev[0].defender_army_lost
    assert s.owner[s.board.index(1, 3)] == 0 and s.armies[s.board.index(1, 3)] == 1  # the attacker stands there
    assert (s.pool[0], s.resources[0], s.forces(1)) == (pool - 1, res - 1, gray - 1)
    lose = rules(combat={"attacker": {"attacking_army": 0}})
    s = start(DUEL, ruleset=lose)
    through_setup(s)
    pool, res, forces = s.pool[0], s.resources[0], s.forces(0)
    ev = play(s, "attack 1,3")
    assert not ev[0].won and s.owner[s.board.index(1, 3)] == 1
    assert (s.pool[0], s.resources[0], s.forces(0)) == (pool - 1, res - 1, forces - 1)


def test_capturing_a_city_returns_the_army_to_the_pool():
    """2.1: cities "may not contain armies": the captor goes back to the force pool (ruleset
    combat.army_after_city_capture)."""
    win = rules(combat={"defender": {"city": 0, "adjacent_city": 0}})
    s = start(["A1BB"], ruleset=win)
    through_setup(s)
    pool = s.pool[0]
    play(s, "attack 0,2")
    assert s.owner[s.board.index(0, 2)] == 0 and s.pool[0] == pool and s.onmap[0] == 0


def test_defender_losing_an_empty_square_or_a_city_still_loses_an_army():
    """2.7: "The loser of the battle will lose an army." With no army on the lost square (empty
    land, or a city, which "may not contain armies", 2.1) the army comes from the defender's force
    pool, "the holding area for all armies that are not on the map" (2.5), as the beaten attacker's
    is "subtracted from the force pool"; with an empty pool, from the map: an army next to the target
    (it supported the defence), else any of its armies, first in reading order. Ruleset
    combat.defender_loss_without_army: pool_then_map (variants: pool, none)."""
    sure = {"defender": {"land": 0, "city": 0, "adjacent_city": 0, "adjacent_army": 0}}
    # an empty land square: from the pool
    s = start(DUEL, ruleset=rules(combat=sure))
    through_setup(s)
    gray = s.forces(1)
    ev = play(s, "attack 1,3")
    assert ev[0].won and ev[0].defender_loss_from == "pool" and s.forces(1) == gray - 1
    assert "defender loses an army from its force pool" in ev[0].to_text()
    # a city, empty pool: the army next to it goes
    s = start(["A11BB2", "111222"], [player(), player(initial_forces=2)], ruleset=rules(combat=sure))
    through_setup(s, {1: ["place 1,5", "place 1,4"]})
    assert s.pool[1] == 0
    ev = play(s, "attack 0,3")
    assert ev[0].won and ev[0].defender_loss_from == "1,4" and s.armies[s.board.index(1, 4)] == 0
    assert s.armies[s.board.index(1, 5)] == 1 and s.forces(1) == 1
    # no army next to the target: the first in reading order elsewhere
    ev = play(s, "attack 0,4")
    assert ev[0].defender_loss_from == "1,5" and s.forces(1) == 0
    # nothing left to lose: only the square
    ev = play(s, "attack 1,3")
    assert ev[0].won and not ev[0].defender_army_lost
    # variants
    s = start(["A11BB2", "111222"], [player(), player(initial_forces=1)],
              ruleset=rules(combat={**sure, "defender_loss_without_army": "pool"}))
    through_setup(s, {1: ["place 1,4"]})
    ev = play(s, "attack 0,3")
    assert not ev[0].defender_army_lost and s.forces(1) == 1
    s = start(DUEL, ruleset=rules(combat={**sure, "defender_loss_without_army": "none"}))
    through_setup(s)
    gray = s.forces(1)
    play(s, "attack 1,3")
    assert s.forces(1) == gray


# ---------------------------------------------------------------- 2.8 supply
WIN = rules(combat={"defender": {"land": 0, "army_on_square": 0, "adjacent_army": 0, "adjacent_city": 0}})
# gray's land 0,2-0,4 reaches gray's city 2,2 only through 1,2, which red can attack from 1,1
POCKET = ["A1222", "112~~", "~~B~~"]


def test_armies_out_of_supply_disbanded_at_end_of_own_turn():
    """2.8: "If friendly squares are found to be out of supply at the end of the players turn, any
    armies on those squares are disbanded. This is effect gives a player one turn to bring friendly
    squares (which were forced out of supply by another player) back into supply." """
    s = start(POCKET, ruleset=WIN)
    through_setup(s, {1: ["place 0,3"]})
    play(s, "attack 1,2")
    assert s.is_supplied(0, 3)  # squares become unsupplied at the end of a turn, not before
    play(s, "end")
    assert not s.is_supplied(0, 3) and (0, 4) in s.unsupplied_squares()
    assert s.armies[s.board.index(0, 3)] == 1  # gray's army survives red's turn end ...
    ev = play(s, "end")
    assert "gray armies out of supply disbanded on 0,3" in texts(ev)  # ... but not gray's own
    assert s.armies[s.board.index(0, 3)] == 0


def test_reversion_of_adjacent_unsupplied_enemy_squares():
    """2.8: "At the start of each players turn any enemy unsupplied square adjacent to any square
    owned by this player and in supply reverts ownership to this player." Ownership "will start to
    revert": one ring a turn (ruleset supply.reversion_cascades)."""
    s = start(POCKET, ruleset=WIN)
    through_setup(s)
    ev = play(s, "attack 1,2", "end", "end")  # red's turn 2 starts
    assert "red gains unsupplied squares 0,2 0,3" in texts(ev)
    assert s.owner[s.board.index(0, 4)] == 1
    cascade = rules(combat=WIN.combat.model_dump(), supply={"reversion_cascades": True})
    s = start(POCKET, ruleset=cascade)
    through_setup(s)
    ev = play(s, "attack 1,2", "end", "end")
    assert "red gains unsupplied squares 0,2 0,3 0,4" in texts(ev)


def test_reversion_at_the_start_of_the_setup_turn_too():
    """2.8: "At the start of each players turn any enemy unsupplied square adjacent to any square
    owned by this player and in supply reverts ownership to this player"; 2.4: "The first turn in a
    game is the setup turn." A starting map with unsupplied land therefore starts to revert in the
    setup turn (ruleset supply.reversion_in_setup_turn; false waits for the first normal turn)."""
    s = start(["A1~12B"])  # red's 0,3 cannot reach red's city; it touches gray's supplied 0,4
    ev = play(s, "end")
    assert "gray gains unsupplied squares 0,3" in texts(ev) and s.owner[s.board.index(0, 3)] == 1
    s = start(["A1~12B"], ruleset=rules(supply={"reversion_in_setup_turn": False}))
    play(s, "end")
    assert s.owner[s.board.index(0, 3)] == 0


def test_live_supply_variant():
    live = rules(combat=WIN.combat.model_dump(), supply={"live_during_turn": True})
    s = start(POCKET, ruleset=live)
    through_setup(s)
    play(s, "attack 1,2")
    assert not s.is_supplied(0, 3)


# ---------------------------------------------------------------- 2.3 victory points, 2.4 end of the game
def test_victory_points_at_start_of_each_turn_and_at_game_end():
    """2.3: "At the start of each players turn and at the end of the game victory points are
    accumulated for squares that are owned and in supply." 2.4: "The first turn in a game is the
    setup turn", so points are also accumulated at the start of each seat's setup turn (ruleset
    turns.victory_points_in_setup_turn; false counts from the first normal turn on).
    4.2.1: "Start Victory Points"."""
    rows = ["A11~22B", "1~~~~~2"]
    s = start(rows, [player(start_victory_points=7), player()], turns=2, land=1, city=5)
    # red: city + 3 supplied land = 8, gray: city + 3 land... 1,0 red, 1,6 gray
    assert s.vp == [7 + 8, 0]  # red's setup turn has started
    ev = through_setup(s)
    assert s.vp == [7 + 16, 8] and "red scores 8 (3 supplied land, 1 cities), total 23" in texts(ev)
    play(s, "end")
    assert s.vp == [23, 16]
    play(s, "end", "end")
    ev = play(s, "end")  # the last turn ends: points once more for everyone
    assert s.is_over and s.vp == [7 + 8 * 4, 8 * 4]
    assert s.result.winners == (0,)
    assert texts(ev)[-1] == "game over: red wins (red 39, gray 32)"
    s = start(rows, [player(start_victory_points=7), player()], turns=2,
              ruleset=rules(turns={"victory_points_in_setup_turn": False}))
    assert s.vp == [7, 0]
    through_setup(s)
    assert s.vp == [15, 0]


def test_unsupplied_land_scores_nothing_and_ties_are_shared():
    """1.2: "Victory points are awarded for land square that are owned and in supply and owned city
    squares." A tie on points is a shared result."""
    s = start(["A1~1", "B2~2"], turns=1, land=1, city=5)
    through_setup(s)
    assert s.vp[0] == 6 + 6  # 0,3 is out of supply (setup turn and turn 1)
    play(s, "end", "end")
    assert s.is_over and s.vp == [18, 18] and s.result.winners == (0, 1) and s.result.is_draw


def test_game_ends_after_the_scenario_turns():
    """4.2.2: "Number of Turns: The number of turns in the scenario" (after the setup turn)."""
    s = start(DUEL, turns=3)
    n = 0
    while not s.is_over:
        play(s, "end")
        n += 1
    assert n == 2 * (1 + 3) and s.to_move is None and s.legal_actions() == []


def test_player_without_cities_is_out():
    """2.4: "If at the end of any turn a player has control of no cities this player is out of the
    game and all owned land squares become unsupplied." 5.2: the opponent "still may win if enough
    victory points were accumulated"."""
    win = rules(combat={"defender": {"city": 0, "adjacent_city": 0, "land": 0}})
    s = start(["A1B2", "1122", "~~~C"], players=3, ruleset=win, turns=3)
    through_setup(s, {1: ["place 1,3"]})
    ev = play(s, "attack 0,2", "end")
    assert "gray holds no city and is out of the game" in texts(ev)
    assert s.out[1] and s.pool[1] == 0 and s.onmap[1] == 0
    assert s.is_supplied(0, 3) is False and s.seat == 2  # gray is skipped
    assert "turn 1 green starts" in texts(ev)


def test_a_click_means_pick_up_place_or_attack():
    """2.5: select a square and press the button: an own army is picked up, own land gets an army,
    an enemy square is attacked."""
    s = start(DUEL)
    through_setup(s, {0: ["place 1,2"]})
    assert s.action_for_square(1, 2) == PickUp(1, 2)
    assert s.action_for_square(0, 0) == Place(0, 0)
    assert s.action_for_square(1, 3) == Attack(1, 3)
    assert s.action_for_square(1, 0) is None  # an own city
    assert s.action_for_square(1, 4) is None  # an enemy city with no friendly square next to it
    with pytest.raises(ValueError, match="not an enemy square"):
        attack_odds(s, (0, 0))
