"""Every rule of the Pyramids manual, each test quoting it. Positions are hand-made; the default board
has deserts on rows 5-7 (columns c-e and g-i) and power squares on a6, f6 and k6."""
from __future__ import annotations

import pytest

from gridsmith.engine.pyramids.actions import Move
from gridsmith.engine.pyramids.events import Attacked, GameOver, Moved
from gridsmith.engine.pyramids.game import default_scenario, new_game, random_setup
from gridsmith.engine.pyramids.movegen import CROSS, FLY, LONG, POWER, SLIDE
from gridsmith.engine.pyramids.pieces import (ANTELOPE, BULL, CAMEL, CAT, COBRA, HAWK, LION, PYRAMID, RAM, SPHINX,
                                    WOLF, attacker_wins)
from gridsmith.engine.core.rng import CounterRng
from gridsmith.formats.pyramids.pieceset import Counts

from pyramids_helpers import OPEN_BOARD, play, position, targets


def test_pyramid_and_sphinxes_cannot_move():
    # Movement 1) "The pyramid and the sphinxes cannot move."
    s = position({"a1": "pP", "b1": "pS", "k1": "p4", "k11": "c4"})
    assert targets(s, "a1") == set() and targets(s, "b1") == set()


@pytest.mark.parametrize("slide", [1, 2, 3])
def test_slide_limit_over_vacant_squares(slide):
    # Movement 2) "along a straight line to a vacant square, so long as all intervening squares are
    # vacant and the distance of the move is not greater than the allowable 'slide'"
    s = position({"a1": "p4", "k11": "c4"}, slide=slide)
    up = {f"a{1 + i}" for i in range(1, slide + 1)}
    right = {f"{'bcd'[i - 1]}1" for i in range(1, slide + 1)}
    assert targets(s, "a1") == up | right


def test_slide_stops_at_pieces_and_deserts():
    s = position({"a1": "p4", "a3": "p8", "b1": "p8", "b4": "p3", "k11": "c4"}, slide=3)
    assert targets(s, "a1") == {"a2"}
    assert targets(s, "b4") == {"a4", "b2", "b3", "c4", "d4", "e4", "b5", "b6", "b7"}
    # c4 faces the desert c5: an ordinary piece cannot enter it
    s = position({"c4": "p4", "k11": "c4"}, slide=3)
    assert "c5" not in targets(s, "c4")


def test_antelope_moves_any_distance():
    # Movement 3) "An antelope (rank 8) can move through any number of vacant squares, regardless
    # of the slide." Changing the Slide: "Antelopes have an unlimited slide".
    s = position({"a1": "p8", "k11": "c4"}, slide=1)
    assert {f"a{r}" for r in range(2, 12)} <= targets(s, "a1")
    assert {"k1", "f1"} <= targets(s, "a1")


def test_hawk_flies_over_an_adjacent_piece():
    # Movement 4) "A hawk can fly over an adjacent piece to an empty square on the other side."
    s = position({"a1": "p5", "a2": "p8", "b1": "c4", "k11": "c4"}, slide=1)
    t = targets(s, "a1")
    assert "a3" in t  # over its own antelope
    assert "c1" in t  # over the enemy wolf to the empty square
    s2 = position({"a1": "p5", "k11": "c4"}, slide=1)
    assert targets(s2, "a1") == {"a2", "b1"}  # nothing to fly over


def test_hawk_attacks_by_flying_over():
    # Attacks 2) "A hawk (rank 5) can attack an opponent piece by flying over an adjacent piece."
    s = position({"a1": "p5", "a2": "p8", "a3": "c6", "k11": "c4"}, slide=1)
    ev = play(s, "a1-a3")
    assert isinstance(ev[0], Attacked) and ev[0].how == FLY and ev[0].attacker_won


def test_camel_crosses_a_desert():
    # Movement 5) "A camel can cross directly from one side of a desert to the other side."
    s = position({"c4": "p6", "d4": "p4", "k11": "c4"}, slide=1)
    assert "c8" in targets(s, "c4")
    assert "d8" not in targets(s, "d4") and "d5" not in targets(s, "d4")  # a wolf cannot
    ev = play(s, "c4-c8")
    assert isinstance(ev[0], Moved) and ev[0].how == CROSS
    s = position({"b6": "p6", "k11": "c4"}, slide=1)  # sideways across the c5-e7 desert
    assert "f6" in targets(s, "b6")


def test_camel_does_not_attack_across_a_desert():
    s = position({"c4": "p6", "c8": "c4", "k11": "c4"}, slide=1)
    assert "c8" not in targets(s, "c4")


def test_power_squares_link_the_lanes():
    # Movement 6) "A piece resting on a 'power square' in one of the lanes can move directly to a
    # vacant power square in another lane."
    s = position({"a6": "p3", "f7": "p8", "k11": "c4"}, slide=1)
    assert {"f6", "k6"} <= targets(s, "a6")
    s = position({"a6": "p3", "f6": "c4", "k11": "c4"}, slide=1)
    assert "f6" not in targets(s, "a6") and "k6" in targets(s, "a6")
    m = next(m for m in s.legal_actions() if m.to_text() == "a6-k6")
    assert m.how == POWER


def test_power_squares_of_the_same_lane_are_not_linked():
    # Movement 6) "... to a vacant power square in another lane": a board with two power squares in
    # the left lane (a6, b5) links them to the centre and right lanes, not to each other
    board = ("...........",) * 4 + (".PDDD.DDD..", "P.DDDPDDD.P", "..DDD.DDD..") + ("...........",) * 4
    s = position({"a6": "p3", "k11": "c4"}, board=board, slide=1)
    assert {"f6", "k6"} <= targets(s, "a6") and "b7" not in targets(s, "a6")
    g = s.geo
    assert g.lane[g.parse("a6")] == g.lane[g.parse("b7")] != g.lane[g.parse("f6")]


def test_attack_only_adjacent_pieces():
    # Attacks 1) "A piece may attack an opponent piece to which it is adjacent"
    s = position({"a1": "p4", "a3": "c8", "k11": "c4"}, slide=3)
    assert targets(s, "a1") == {"a2", "b1", "c1", "d1"}
    s = position({"a1": "p8", "a4": "c8", "k11": "c4"}, slide=3)
    assert "a4" not in targets(s, "a1")  # not even an antelope attacks from afar


@pytest.mark.parametrize("att,dfn,wins", [
    # 1) "Any piece can capture the pyramid."
    *[(a, PYRAMID, True) for a in (LION, ANTELOPE, COBRA, CAT)],
    # 2) "An attacking piece can defeat any numeric piece of greater or equal number."
    (WOLF, WOLF, True), (WOLF, ANTELOPE, True), (WOLF, RAM, False), (LION, ANTELOPE, True), (ANTELOPE, LION, False),
    # 3) "A cat (rank 7) can overpower a sphinx." A sphinx "will defeat anything which attacks it, except a sacred cat"
    (CAT, SPHINX, True), (LION, SPHINX, False), (HAWK, SPHINX, False), (COBRA, SPHINX, False),
    # 4) "The cobra can defeat the lion (rank 1) if it attacks; any piece, including the lion, can
    #    defeat the cobra by attacking it."
    (COBRA, LION, True), (LION, COBRA, True), (ANTELOPE, COBRA, True), (COBRA, BULL, False),
    # "Only the cobra can defeat the lion"
    (BULL, LION, False), (CAMEL, LION, False), (LION, LION, False),
])
def test_resolution_of_attacks(att, dfn, wins):
    assert attacker_wins(att, dfn) is wins


def test_lion_attacking_a_lion_specific_rule_over_general():
    # Theme: "Only the cobra can defeat the lion." Resolution of Attacks 2) "An attacking piece can
    # defeat any numeric piece of greater or equal number." For a lion attacking a lion the two
    # disagree; the specific statement (about the lion) wins over the general one (about every
    # numeric piece): the attacking lion loses and the defending lion "remains in place".
    # Scenario option lion_vs_lion: attacker chooses rule 2 instead.
    s = position({"c3": "p1", "c4": "c1", "k11": "cP", "a1": "pP", "k1": "p4", "a11": "c4"})
    ev = play(s, "c3-c4")
    assert isinstance(ev[0], Attacked) and not ev[0].attacker_won
    assert s.type_at[s.geo.parse("c4")] == LION and s.side_at[s.geo.parse("c3")] == -1
    s = position({"c3": "p1", "c4": "c1", "k11": "cP", "a1": "pP", "k1": "p4", "a11": "c4"}, lion_vs_lion="attacker")
    ev = play(s, "c3-c4")
    assert ev[0].attacker_won and s.side_at[s.geo.parse("c4")] == 0
    assert attacker_wins(LION, LION, lion_beats_lion=True)


def test_winner_occupies_or_stays_and_loser_is_removed():
    # "If the attacker wins, it immediately occupies the square of the loser; if the defender wins,
    # it remains in place."
    s = position({"a1": "p2", "a2": "c3", "k11": "c4", "k1": "p4"})
    play(s, "a1-a2")
    g = s.geo
    assert s.side_at[g.parse("a1")] == -1 and s.side_at[g.parse("a2")] == 0 and s.type_at[g.parse("a2")] == BULL
    assert s.lost[1] == [RAM]
    s = position({"a1": "p4", "a2": "c3", "k11": "c4", "k1": "p4"})
    play(s, "a1-a2")
    assert s.side_at[g.parse("a1")] == -1 and s.type_at[g.parse("a2")] == RAM and s.lost[0] == [WOLF]


def test_winner_identity_revealed_to_the_opponent():
    # "The identity of the winning piece is revealed to the opponent"
    s = position({"a1": "p2", "a2": "c3", "k11": "c4", "k1": "p4"})
    play(s, "a1-a2")
    v = s.view(1)
    assert v.squares[s.geo.parse("a2")][2] == BULL


def test_hide_attacks_conceals_cheops_winners_except_sphinx_and_cobra():
    # Hiding Attacks: "the identity of Cheops' pieces remain concealed if they win an attack, except
    # for sphinxes and the cobra. All you learn is that they were powerful enough to win."
    s = position({"a1": "p4", "a2": "c3", "k11": "c4", "k1": "p4"}, hide_attacks=True)
    ev = play(s, "a1-a2")
    a2 = s.geo.parse("a2")
    assert s.view(0).squares[a2][2] == 0
    assert s.view(0).last[0].defender == 0 and ev[0].defender == RAM
    assert s.pid_at[a2] in s.view(0).concealed_winners
    s = position({"a1": "p4", "a2": "cS", "k11": "c4", "k1": "p4"}, hide_attacks=True)
    play(s, "a1-a2")
    assert s.view(0).squares[a2][2] == SPHINX
    # the player's own winners stay visible to Cheops: the option hides Cheops' pieces only
    s = position({"a1": "p2", "a2": "c3", "k11": "c4", "k1": "p4"}, hide_attacks=True)
    play(s, "a1-a2")
    assert s.view(1).squares[a2][2] == BULL


def test_moves_unique_to_a_rank_reveal_it():
    # Pieces: "The identities of pieces become known only through attacks and by moves which are
    # unique to specific ranks."
    s = position({"a1": "p8", "b1": "p8", "k11": "c4", "k10": "c4"}, slide=2)
    play(s, "a1-a3")  # two squares: within the slide, could be anything
    assert s.view(1).squares[s.geo.parse("a3")][2] == 0
    play(s, "k11-j11")
    ev = play(s, "b1-b4")  # three squares with slide 2: only an antelope
    assert ev[0].how == LONG and ev[0].revealed
    assert s.view(1).squares[s.geo.parse("b4")][2] == ANTELOPE
    s = position({"c4": "p6", "a1": "p5", "a2": "p8", "k11": "c4", "k10": "c4"})
    play(s, "c4-c8")
    play(s, "k11-j11")
    play(s, "a1-a3")
    v = s.view(1)
    assert v.squares[s.geo.parse("c8")][2] == CAMEL and v.squares[s.geo.parse("a3")][2] == HAWK
    assert v.squares[s.geo.parse("a2")][2] == 0


def test_hide_cheops_pieces_shows_them_only_while_moving():
    # Hiding Cheops' Pieces: "Cheops' pieces are displayed only while they are moving"
    s = position({"a1": "p4", "k11": "c4", "j11": "c8"}, hide_cheops_pieces=True)
    g = s.geo
    assert s.view(0).squares[g.parse("k11")] is None and s.view(1).squares[g.parse("k11")] is not None
    play(s, "a1-a2")
    play(s, "k11-k10")
    v = s.view(0)
    assert v.squares[g.parse("k10")] is not None and v.squares[g.parse("j11")] is None
    play(s, "a2-a3")
    assert s.view(0).squares[g.parse("k10")] is None


def test_repetition_rule():
    # Move Repetition: "No piece may move from square A to square B and then back to square A in
    # three consecutive moves."
    s = position({"a1": "p4", "k11": "c4"})
    play(s, "a1-a2")
    play(s, "k11-k10")
    play(s, "a2-a1")
    play(s, "k10-k11")
    assert "a2" not in targets(s, "a1")
    assert "a3" in targets(s, "a1") and "b1" in targets(s, "a1")
    # another move in between breaks the sequence
    s = position({"a1": "p4", "f1": "p4", "k11": "c4"})
    for m in ("a1-a2", "k11-k10", "f1-f2", "k10-k9", "a2-a1", "k9-k8"):
        play(s, m)
    assert "a2" in targets(s, "a1")


def test_victory_by_finding_the_pyramid():
    # Objective: "The winner is whoever first finds his opponent's pyramid"; Resolution 1) "Any piece
    # can capture the pyramid."
    s = position({"a1": "p8", "a2": "cP", "k11": "c4", "k1": "pP"})
    ev = play(s, "a1-a2")
    assert isinstance(ev[-1], GameOver) and s.result.winners == (0,) and s.is_over
    assert s.to_move is None and s.legal_actions() == []


def test_victory_by_eliminating_all_mobile_pieces():
    # Objective: "... or eliminates all of his opponent's mobile pieces."
    s = position({"a1": "p2", "a2": "c3", "k11": "cP", "j11": "cS", "k1": "pP"})
    play(s, "a1-a2")
    assert s.result.winners == (0,) and "mobile" in s.result.reason


def test_side_without_legal_move_loses():
    s = position({"a1": "p4", "a2": "pS", "b1": "pS", "k11": "c4"}, first=0)
    assert s.is_over and s.result.winners == (1,)


def test_move_limit_draws():
    s = position({"a1": "p4", "k11": "c4"}, max_moves=10)
    moves = ["a1-b1", "k11-j11", "b1-c1", "j11-i11", "c1-d1", "i11-h11", "d1-e1", "h11-g11", "e1-f1", "g11-f11"]
    for m in moves:
        play(s, m)
    assert s.is_over and s.result.is_draw


def test_illegal_move_is_refused():
    s = position({"a1": "p4", "k11": "c4"})
    with pytest.raises(ValueError):
        play(s, "a1-a5")


def test_random_setups_put_the_pyramid_in_the_two_back_rows():
    # Start of Game: "Random setups always position the pyramid in one of the two back rows."
    rng = CounterRng(3)
    rows_seen = set()
    for _ in range(200):
        rows = random_setup(Counts(), rng)
        r = next(i for i, row in enumerate(rows) if "P" in row)
        rows_seen.add(r)
        assert sorted("".join(rows)) == sorted("P" + "C" + "S" * 7 + "1" + "22" + "333" + "4444" + "5" * 5 + "6" * 6 + "7" * 6 + "8" * 8)
    assert rows_seen == {0, 1}
    for seed in range(20):
        s = new_game(default_scenario(), seed)
        assert "P" in "".join(s.grid(1)[:2]) and "P" in "".join(s.grid(0)[-2:])


def test_first_turn_is_assigned_at_random():
    # Movement: "the first turn in the game is assigned at random."
    firsts = {new_game(default_scenario(), seed).to_move for seed in range(20)}
    assert firsts == {0, 1}
    assert {new_game(default_scenario(first="cheops"), seed).to_move for seed in range(5)} == {1}


def test_setups_are_read_from_each_owner_seat():
    # the player's back row is the bottom edge, Cheops' the top edge, each read from its own seat
    setup = ["PS876857654", "SS3C2S8768S", "57654S3876S", "28576438841"]
    res = default_scenario()
    s = new_game(res, 1, setups=(setup, setup))
    assert s.grid(0)[10] == setup[0] and s.grid(0)[7] == setup[3]
    assert s.grid(1)[0] == setup[0][::-1] and s.grid(1)[3] == setup[3][::-1]


def test_move_text_round_trip():
    m = Move.from_text("c4-c6")
    assert m.to_text() == "c4-c6" and (m.frm, m.to) == (7 * 11 + 2, 5 * 11 + 2)
    with pytest.raises(ValueError):
        Move.from_text("z9-a1")


def test_slide_bounds_moves_of_a_random_game():
    s = new_game(default_scenario(slide=1), 4)
    rng = CounterRng(1)
    while not s.is_over and s.ply < 300:
        m = rng.choice(s.legal_actions())
        t = s.type_at[m.frm]
        ev = s.apply(m)
        if isinstance(ev[0], Moved) and ev[0].how == SLIDE:
            r1, c1 = divmod(m.frm, 11)
            r2, c2 = divmod(m.to, 11)
            assert abs(r1 - r2) + abs(c1 - c2) == 1
        if isinstance(ev[0], Moved) and ev[0].how == LONG:
            assert t == ANTELOPE
