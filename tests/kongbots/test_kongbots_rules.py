"""Every rule of the Kongbots manual (seeds/004) the engine implements, each with the manual's words,
on hand-built positions with scripted dice (kb_helpers.Dice gives the faces in the order the rules
throw them)."""
from __future__ import annotations

import pytest

from gridsmith.engine.kongbots import events as ev
from gridsmith.engine.kongbots.actions import DONE, Claw, Fire, Launch, Move
from gridsmith.engine.kongbots.odds import laser_breakdown, p_at_least
from gridsmith.engine.kongbots.state import IllegalOrder

from kb_helpers import Dice, position, rules

SNIPER = ["Lr", "Lr", "LA", "Ro", "Ro", "Ls"]
BRAWLER = ["Cl", "Cl", "Ro", "Ro", "Ro", "AP"]


def _of(events, kind):
    return [e for e in events if isinstance(e, kind)]


# --- sequence of play ----------------------------------------------------------------------------

def test_initiative_goes_to_the_leader_with_more_retros_at_the_beginning_of_the_turn():
    # "the Kongbot team to go first is the team who's leader has the most retros at the BEGINNING of the TURN"
    st = position([(0, "scout", ["Ro", "Lr"], (0, 0)), (1, "scout", ["Ro", "Ro", "Lr"], (6, 6))], phase=6, pulse=5)
    # the turn ended (nothing to claw): turn 2 starts with the leaders' retros 1 - 2
    assert st.turn == 2 and st.order == (1, 0)


def test_initiative_tie_is_random():
    # "In case of a tie, the team to go first is randomly selected."
    for face, first in ((1, 0), (2, 1)):
        st = position([(0, "scout", ["Ro", "Lr"], (0, 0)), (1, "scout", ["Ro", "Lr"], (6, 6))], phase=6, pulse=5,
                      dice=(face,))
        assert st.order[0] == first


def test_leaders_retros_decide_not_the_followers():
    # "which team's leader had the most Retros": the first bot of a team is its leader
    st = position([(0, "scout", ["Ro", "Lr"], (0, 0)), (0, "scout", ["Ro", "Ro", "Ro", "Lr"], (1, 0)),
                   (1, "scout", ["Ro", "Ro", "Lr"], (6, 6))], rows=["AA.....", *["......."] * 5, "......B"],
                  phase=6, pulse=5)
    assert st.order == (1, 0)


def test_one_team_then_the_other_in_each_phase():
    # "For any given phase, action is allowed (when appropriate) for one team, and then the other."
    st = position([(0, "scout", SNIPER, (0, 0)), (1, "scout", SNIPER, (3, 0))], phase=3, order=(1, 0), dice=(1,) * 8)
    assert st.to_move == 1
    st.apply(Fire("B1", "A1"))
    assert st.to_move == 0 and st.phase == 3


# --- phase 1: malfunctions ------------------------------------------------------------------------

def test_no_malfunction_roll_at_half_the_modules_or_more():
    # "the possibility of a malfunction only exists when a Kongbot has fewer than one half of the number
    # of modules it started with"
    st = position([(0, "scout", ["Lr", "Ro", "Ro"], (0, 0)), (1, "scout", SNIPER, (6, 6))], phase=6, pulse=5,
                  start=6, dice=(1,))  # the die is the initiative tie... not thrown: 2 retros to 2
    assert not st.bots[0].malf


def test_malfunction_one_die_per_tender_greater_than_modules_remaining():
    # "One die is rolled for each tender level (six modules) on the Kongbot. If the number rolled is
    # greater than the number of modules remaining then the Kongbot has malfunctioned."
    bots = [(0, "warrior", ["Lr", "Ro", "Ro"], (0, 0)), (1, "warrior", ["Lr", "Ro", "Ro"], (6, 6))]
    # initiative tie (die 1: A first), A rolls 1+1 = 2 <= 3: works; B rolls 2+2 = 4 > 3: malfunctions
    st = position(bots, phase=6, pulse=5, start=12, dice=(1, 1, 1, 2, 2))
    assert [b.malf for b in st.bots] == [False, True]
    assert [b.streak for b in st.bots] == [0, 1]


def test_malfunction_only_in_the_first_pulse_and_lasts_the_turn():
    # "it only applies in the first pulse. Malfunctions can only occur at the beginning of each turn
    # (during the first pulse) and last for the entire turn."
    bots = [(0, "scout", ["Lr", "Ro"], (0, 0)), (1, "scout", SNIPER, (6, 6))]
    st = position(bots, phase=1, pulse=1, start=6, dice=(6,))
    assert st.bots[0].malf
    st2 = position(bots, phase=1, pulse=2, start=6)  # no die scripted: none may be thrown
    assert not st2.bots[0].malf


def test_empty_launcher_counts_as_a_module_for_malfunctions():
    # "An empty Missile Launcher counts as a valid module when determining malfunctions."
    bots = [(0, "scout", ["EL", "EL", "Lr"], (0, 0)), (1, "scout", SNIPER, (6, 6))]
    st = position(bots, phase=1, pulse=1, start=6, dice=(1,))
    assert not st.bots[0].malf  # 3 modules of 6: not fewer than half, no roll at all (the script is unused)
    assert st.rng.script == [1]


def test_three_consecutive_malfunctions_force_a_surrender_and_a_team_of_surrendered_bots_loses():
    # "If a Kongbot malfunctions on three consecutive turns, then it is forced to surrender."
    # "When each Kongbot on the opposing team is forced to surrender."
    bots = [(0, "scout", ["Lr"], (0, 0)), (1, "scout", SNIPER, (6, 6))]
    st = position(bots, phase=1, pulse=1, start=6, dice=(6,))
    st.bots[0].streak = 2
    st.phase, st.pulse = 1, 1
    st.rng.script = [6]
    st.bots[0].malf = False
    events = []
    st._malfunction_phase(events)
    assert _of(events, ev.Surrendered) == [ev.Surrendered("A1")]
    assert st.is_over and st.result.winners == (1,)


def test_malfunctioning_bots_take_no_orders_and_may_attack_teammates():
    # "Any functioning Kongbot" may act; "Beware of Kongbots which have rolled for malfunctioned, they may
    # attack their own teammates!"
    bots = [(0, "scout", ["Lr", "Ro"], (0, 0)), (0, "scout", SNIPER, (1, 0)), (1, "scout", SNIPER, (6, 6))]
    rows = ["AA.....", *["......."] * 5, "......B"]
    st = position(bots, rows=rows, phase=1, pulse=1, start=6, dice=(6, 1))  # A1 malfunctions; tie -> A first
    assert st.bots[0].malf
    assert all(o.bot != "A1" for o in st.legal_actions() if o is not DONE)


def _malfunctioning_in_laser_phase(behaviour, dice=()):
    bots = [(0, "scout", ["Lr", "Ro"], (0, 0)), (0, "scout", SNIPER, (1, 0)), (1, "scout", SNIPER, (6, 6))]
    rows = ["AA.....", *["......."] * 5, "......B"]
    st = position(bots, rows=rows, phase=2, ruleset=rules(malfunction__behaviour=behaviour))
    st.bots[0].malf = True
    st.phase, st.step, st.erratic_done = 3, 0, False
    st.rng = Dice(*dice)
    events = []
    st._advance(events)
    return [e for e in events if getattr(e, "bot", None) == "A1"]


def test_erratic_malfunctioning_bot_fires_at_its_teammate():
    # first of its options (face 1): its lasers at teammate A2; 6 + 6 hits, destroying A2's first module
    acts = _malfunctioning_in_laser_phase("erratic", dice=(1, 6, 6, 1))
    assert acts[0] == ev.LasersFired("A1", "A2", 5 + 1 + 1, (12,), 1, True)


def test_idle_malfunction_variant_does_nothing():
    assert _malfunctioning_in_laser_phase("idle") == []


# --- phase 2: missile launch ----------------------------------------------------------------------

def test_launch_needs_a_clear_line_of_sight_walls_and_kongbots_block():
    # "The Kongbot must be able to trace a clear line of sight to its target. This line of sight must not
    # be obstructed by Arena walls or another Kongbot."
    rows = ["A.#.B.."] + ["......."] * 6
    st = position([(0, "scout", ["ML", "Ro"], (0, 0)), (1, "scout", SNIPER, (4, 0))], rows=rows)
    assert Launch("A1", "B1") not in st.legal_actions()
    rows = ["A...B.."] + ["......."] * 6
    st = position([(0, "scout", ["ML", "Ro"], (0, 0)), (0, "scout", ["Lr"], (2, 0)), (1, "scout", SNIPER, (4, 0))],
                  rows=["AA..B.."] + ["......."] * 6)
    assert Launch("A1", "B1") not in st.legal_actions()
    st = position([(0, "scout", ["ML", "Ro"], (0, 0)), (1, "scout", SNIPER, (4, 0))], rows=rows)
    assert Launch("A1", "B1") in st.legal_actions()


def test_a_launched_missile_leaves_an_empty_launcher():
    # "Once a missile is launched, its module is replaced by an empty Missile Launcher (EL)."
    st = position([(0, "scout", ["ML", "Ro"], (0, 0)), (1, "scout", SNIPER, (4, 0))])
    events = st.apply(Launch("A1", "B1"))
    assert st.bots[0].slots[0] == "EL"
    assert _of(events, ev.Launched) == [ev.Launched("A1", "B1", 1)]
    assert len(st.missiles) == 1


# --- phase 3: lasers --------------------------------------------------------------------------------

def test_laser_need_is_5_plus_distance_minus_aimers_plus_shields():
    # "Laser / Kongbot / 5 + distance (in hexes) / -1 for every aimer, +1 for every shield"
    st = position([(0, "scout", SNIPER, (0, 0)), (1, "scout", ["Ls", "Lr"], (4, 0))], dice=(4, 4, 5, 4))
    events = st.apply(Fire("A1", "B1"))
    fired = _of(events, ev.LasersFired)[0]
    assert fired.need == 5 + 4 - 1 + 1 == 9
    assert fired.rolls == (8, 9) and fired.hits == 1


def test_laser_breakdown_matches_the_issue_example():
    p = position([(0, "scout", SNIPER, (0, 0)), (1, "scout", SNIPER, (4, 0))]).p
    assert laser_breakdown(p, 4, 1, 1) == "need 9 = 5 + 4 hexes - 1 aimer + 1 shield: 27.8%"
    assert p_at_least(7) == pytest.approx(21 / 36)


def test_laser_at_a_missile_needs_10_plus_distance_minus_aimers():
    # "Laser / Missile / 10 + distance (in hexes) / -1 for every aimer"
    st = position([(0, "scout", ["ML", "Ro", "Lr"], (0, 0)), (1, "scout", SNIPER, (5, 0))])
    st.apply(Launch("A1", "B1"))
    # B fires in phase 3 at the missile (still at 0,0: it moves in phase 4), distance 5
    st.phase, st.step, st.order = 3, 0, (1, 0)
    st.rng.script = [6, 3, 1, 1]
    st._legal = None
    st._to_move = 1
    events = st.apply(Fire("B1", "m1"))
    fired = _of(events, ev.LasersFired)[0]
    assert fired.need == 10 + 5 - 1 == 14  # impossible with two dice, but legal
    assert not _of(events, ev.MissileShotDown) and st.missiles


def test_lasers_fire_once_per_turn_all_at_one_target():
    # "A Kongbot may only fire its Lasers once per turn and must fire all of its lasers at the same target"
    st = position([(0, "scout", SNIPER, (0, 0)), (1, "scout", SNIPER, (3, 0)), (1, "scout", SNIPER, (0, 3))],
                  rows=["A..B...", ".......", ".......", "B......", ".......", ".......", "......."],
                  dice=(6, 6, 6, 6, 1, 1))
    events = st.apply(Fire("A1", "B1"))
    assert len(_of(events, ev.LasersFired)[0].rolls) == 2  # both lasers, one target
    assert st.bots[0].fired
    st.pulse, st.phase, st.step, st.order = 2, 3, 0, (0, 1)
    st._legal = None
    assert not any(isinstance(o, Fire) and o.bot == "A1" for o in st._orders(0, erratic=False))


# --- phase 4: missile movement --------------------------------------------------------------------

def test_missiles_move_one_hex_a_pulse_around_walls_and_explode_for_two_hits_outside_ecm():
    # "All missile pairs are moved one hex toward their target. Missiles may not enter arena walls, but they
    # do follow the shortest path around these obstacles ... If the target Kongbot is not protected by an
    # ECM field, two direct hits are scored."
    rows = ["A#.....", ".#.....", ".......", ".......", ".......", ".......", "......B"]
    st = position([(0, "scout", ["ML", "Ro", "Lr"], (0, 0)), (1, "scout", ["Lr", "Ro", "Ro", "Ls"], (2, 0))],
                  rows=rows, phase=4)
    # put a missile of A's next to the wall, aimed at B1 (line of sight: 0,0 to 2,0 runs through the wall)
    from gridsmith.engine.kongbots.state import Missile
    st.missiles.append(Missile(1, 0, 1, (0, 0)))
    path = []
    for pulse in range(6):
        events = []
        st._missile_phase(0, events)
        path += [e.to for e in _of(events, ev.MissileMoved)]
        if _of(events, ev.MissileExploded):
            break
    # round the two wall hexes: 5 steps where the straight line is 2, one hex per missile movement phase
    assert path == [(0, 1), (0, 2), (1, 2), (2, 1), (2, 0)]


def test_missile_explodes_on_entering_the_target_hex_two_hits_or_a_plate():
    # "Once a missile enters the same hex as its target, it immediately explodes."; "Each armor plate will
    # absorb the entire force of one claw or missile attack"
    from gridsmith.engine.kongbots.state import Missile
    st = position([(0, "scout", ["EL", "Ro", "Lr"], (0, 0)), (1, "scout", ["Lr", "Ro", "Ro", "Ls"], (2, 0))],
                  phase=4, dice=(1, 1))
    st.missiles.append(Missile(1, 0, 1, (1, 0)))
    events = []
    st._missile_phase(0, events)
    assert _of(events, ev.MissileExploded) == [ev.MissileExploded(1, "B1", False, (), 2)]
    assert len(_of(events, ev.ModuleDestroyed)) == 2 and st.bots[1].modules == 2
    st = position([(0, "scout", ["EL", "Ro", "Lr"], (0, 0)), (1, "scout", ["Lr", "AP", "Ro", "Ls"], (2, 0))],
                  phase=4)
    st.missiles.append(Missile(1, 0, 1, (1, 0)))
    events = []
    st._missile_phase(0, events)
    assert _of(events, ev.PlateAbsorbed) and st.bots[1].slots == ["Lr", None, "Ro", "Ls", None, None]


def test_inside_ecm_each_warhead_needs_seven_and_the_field_covers_the_six_neighbours():
    # "If the Kongbot is protected by an ECM field then a dice roll of seven or greater is required for each
    # warhead (two per missile) ... ECM's protect the hex they are in as well as the six adjacent hexes"
    from gridsmith.engine.kongbots.state import Missile
    bots = [(0, "warrior", ["EL", "Ro", "Lr"], (0, 0)), (1, "warrior", ["Lr", "Ro", "Ro", "Ls"], (3, 3)),
            (1, "warrior", ["EC", "Lr"], (4, 3))]  # the ECM is carried by B1's neighbour B2
    rows = ["A......", ".......", ".......", "...BB..", ".......", ".......", "......."]
    st = position(bots, rows=rows, phase=4, dice=(3, 3, 1, 2, 2))  # warheads 6 (miss) and 3 (miss)
    st.missiles.append(Missile(1, 0, 1, (3, 2)))
    assert st.in_ecm((3, 3)) and st.in_ecm((5, 2)) and not st.in_ecm((6, 3))
    events = []
    st._missile_phase(0, events)
    boom = _of(events, ev.MissileExploded)[0]
    assert boom.inside_ecm and boom.rolls == (6, 3) and boom.hits == 0


# --- phase 5: movement ------------------------------------------------------------------------------

@pytest.mark.parametrize("chassis,retros,pulses", [("warrior", 4, (1, 2, 3, 4)), ("warrior", 5, (1, 2, 3, 4, 5)),
                                                   ("scout", 2, (1, 2, 3, 4)), ("scout", 3, (1, 2, 3, 4, 5)),
                                                   ("warrior", 0, ())])
def test_movement_when_retros_at_least_the_pulse_scouts_count_double(chassis, retros, pulses):
    # "provided that the number of Retros he is carrying is greater than or equal to the pulse number ... a
    # Kongbot with four retros is allowe to move during pulses one through four, but not allowed to move in
    # pulse five"; "Scout class Kongbots count each retro as two"; "A Kongbot that has no retros will not be
    # able to move at all."
    for pulse in range(1, 6):
        st = position([(0, chassis, ["Ro"] * retros + ["Lr"], (3, 3)), (1, chassis, ["Lr"], (6, 6))],
                      phase=5, pulse=pulse)
        can = any(isinstance(o, Move) and o.bot == "A1" for o in st._orders(0, erratic=False))
        assert can == (pulse in pulses), pulse


def test_moves_are_voluntary_one_hex_and_never_saved_up():
    # "Kongbots are never required to move ... moves cannot be saved up and used later."
    st = position([(0, "warrior", ["Ro"] * 4 + ["Lr"], (3, 3)), (1, "warrior", ["Lr"], (6, 6))], phase=5, pulse=1)
    moves = [o for o in st.legal_actions() if isinstance(o, Move)]
    assert len(moves) == 6 and DONE in st.legal_actions()
    while st.pulse < 5:
        st.apply(DONE)
    st.phase = 5  # the fifth pulse's movement phase: four retros can never move in it
    assert not any(isinstance(o, Move) for o in st._orders(0, erratic=False))


def test_a_bot_cannot_enter_walls_or_another_kongbot():
    rows = ["A#.....", "B......"] + ["......."] * 5
    st = position([(0, "scout", ["Ro", "Lr"], (0, 0)), (1, "scout", ["Lr"], (0, 1))], rows=rows, phase=5)
    assert {o.to for o in st.legal_actions() if isinstance(o, Move)} == set()  # (1,0) wall, (0,1) occupied
    with pytest.raises(IllegalOrder):
        st.apply(Move("A1", (1, 0)))


# --- phase 6: claws -----------------------------------------------------------------------------------

def test_claw_needs_six_per_claw_against_an_adjacent_enemy():
    # "Any functioning Kongbot may attach an adjacent enemy Kongbot during this phase. A dice roll of six or
    # greater is required to score a direct hit. This roll is repeated once for each Claw module"
    st = position([(0, "scout", BRAWLER[:-1], (0, 0)), (1, "scout", SNIPER, (1, 0))], phase=6,
                  dice=(3, 3, 2, 2, 3))  # 6: hit (destroys the 2nd of 6 modules), 5: miss
    events = st.apply(Claw("A1", "B1"))
    rolls = _of(events, ev.Clawed)
    assert [(c.roll, c.hit) for c in rolls] == [(6, True), (5, False)]
    assert len(_of(events, ev.ModuleDestroyed)) == 1


def test_clawing_a_plated_kongbot_destroys_the_plate_and_the_claw():
    # "clawing a Kongbot which posesses an Armor Plate will destroy the Armor Plate AND the Claw."
    st = position([(0, "scout", ["Cl", "Ro"], (0, 0)), (1, "scout", ["AP", "Lr"], (1, 0))], phase=6, dice=(6, 6))
    events = st.apply(Claw("A1", "B1"))
    assert _of(events, ev.PlateAbsorbed) == [ev.PlateAbsorbed("B1", "A1", True)]
    assert "AP" not in st.bots[1].slots and "Cl" not in st.bots[0].slots and "Lr" in st.bots[1].slots


def test_claws_may_be_used_every_pulse():
    # "They are the only weapon which can be used more than once per turn."
    st = position([(0, "scout", ["Cl", "Ro", "Lr", "Lr"], (0, 0)), (1, "scout", ["Lr", "Ls", "Ls", "Ro"], (1, 0))],
                  phase=6, pulse=1, dice=(1, 1))
    st.apply(Claw("A1", "B1"))
    st2 = position([(0, "scout", ["Cl", "Ro", "Lr", "Lr"], (0, 0)), (1, "scout", ["Lr", "Ls", "Ls", "Ro"], (1, 0))],
                   phase=6, pulse=4)
    assert Claw("A1", "B1") in st2.legal_actions()


# --- winning ------------------------------------------------------------------------------------------

def test_losing_every_offensive_weapon_loses():
    # "When the opposing team looses all of its offensive weapons. Offensive weapons are Lasers, Claws, and
    # loaded Missile Launchers."
    st = position([(0, "scout", ["Cl", "Ro"], (0, 0)), (1, "scout", ["Lr", "EL", "Ro"], (1, 0))], phase=6,
                  dice=(6, 6, 1))  # the hit destroys B's laser (slot 0 of 3): B keeps an EL, not a weapon
    st.apply(Claw("A1", "B1"))
    assert st.is_over and st.result.winners == (0,)
    assert "offensive weapons" in st.result.reason


def test_both_teams_losing_at_once_is_a_tie():
    # "Ties are also possible."
    st = position([(0, "scout", ["Cl"], (0, 0)), (1, "scout", ["AP", "Cl"], (1, 0))], phase=6, dice=(6, 6))
    st.apply(Claw("A1", "B1"))  # the plate takes A's only claw; B still has its claw
    assert st.is_over and st.result.winners == (1,)
    st = position([(0, "scout", ["Lr"], (0, 0)), (1, "scout", ["Lr"], (1, 0))], phase=3)
    st.bots[0].slots[0] = None
    st.bots[1].slots[0] = None
    events = []
    assert st._check_over(events) and st.result.winners == (0, 1) and st.result.is_draw


def test_turn_limit_is_a_tie():
    st = position([(0, "scout", ["Lr"], (0, 0)), (1, "scout", ["Lr"], (6, 6))], rows=["A#.....", "##....."] +
                  ["......."] * 4 + ["......B"], phase=6, pulse=5, turn=60)
    assert st.is_over and st.result.is_draw and "60 turns" in st.result.reason


def test_matchup_closed_form_from_the_hit_table():
    from gridsmith.engine.kongbots.matchup import table
    from gridsmith.formats.kongbots.bot import Bot

    def bot(chassis, tenders):
        return Bot(kind="kongbots.bot", version=1, name="x", chassis=chassis, tenders=tenders)

    sniper = bot("scout", [["Lr", "Lr", "LA", "Ro", "Ro", "Ls"]])
    brawler = bot("scout", [["Cl", "Cl", "Ro", "Ro", "Ro", "AP"]])
    rows = table(sniper, sniper, rules())
    # 5 + 4 hexes - 1 aimer + 1 shield = 9: 10/36 per laser, two lasers
    assert rows[3].lasers == pytest.approx(2 * 10 / 36)
    assert all(r.claws == 0 for r in rows)
    brawl = table(brawler, sniper, rules())
    # "6 or greater ... repeated once for each Claw module", every pulse of five when adjacent
    assert brawl[0].claws == pytest.approx(5 * 2 * 26 / 36) and brawl[1].claws == 0
    raider = bot("warrior", [["ML", "ML", "Ro", "Ro", "Ro", "Ro"], ["Ro", "EC", "Lr", "Lr", "Ls", "AP"]])
    assert table(raider, sniper, rules())[0].missiles == 4  # two missiles, two hits each outside ECM
    assert table(raider, raider, rules())[0].missiles == pytest.approx(2 * 2 * 21 / 36)  # 7+ per warhead
