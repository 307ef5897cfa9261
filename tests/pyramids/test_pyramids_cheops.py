"""Cheops: search depth per level, hot moves, beliefs, force field, time limit, stop and the F6 callback."""
from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pyramids.agents import GreedyAgent, RandomAgent
from gridsmith.engine.pyramids.beliefs import Beliefs
from gridsmith.engine.pyramids.cheops import CheopsAgent
from gridsmith.engine.pyramids.game import default_scenario, new_game
from gridsmith.engine.pyramids.pieces import PYRAMID, SPHINX

from pyramids_helpers import play, position


def choose(agent, s):
    return agent.choose(s.view(s.to_move), s.legal_actions(), CounterRng(3)).to_text()


def test_depth_is_level_plus_one():
    # Move Selection Algorithm: "Cheops' depth of search is the user-selected skill level plus one"
    assert [CheopsAgent(level=lv).depth for lv in (1, 2, 3, 4)] == [2, 3, 4, 5]
    with pytest.raises(ValueError):
        CheopsAgent(level=5)


@pytest.mark.parametrize("level", [1, 4])
def test_captures_a_known_pyramid(level):
    # the pyramid was revealed: Cheops takes it ("The winner is whoever first finds his opponent's pyramid")
    s = position({"a1": "pP", "b1": "p4", "a2": "c8", "k11": "cP", "k10": "c2"}, first=1)
    s.known[1][s.pid_at[s.geo.parse("a1")]] = True
    assert choose(CheopsAgent(level=level), s) == "a2-a1"


def test_takes_a_known_winning_capture_and_avoids_a_losing_one():
    # the player's ram (3) next to Cheops' bull (2) and lion-free board: the bull takes it
    s = position({"c3": "p3", "c4": "c2", "k11": "cP", "a1": "pP", "j11": "cS"}, first=1)
    s.known[1][s.pid_at[s.geo.parse("c3")]] = True
    assert choose(CheopsAgent(level=2), s) == "c4-c3"
    # a known sphinx beats every attacker but a cat: Cheops' wolf does not attack it
    s = position({"c3": "pS", "c4": "c4", "k11": "cP", "a1": "pP", "j1": "p8"}, first=1)
    s.known[1][s.pid_at[s.geo.parse("c3")]] = True
    assert choose(CheopsAgent(level=2), s) != "c4-c3"


def test_defends_against_a_known_threat_to_its_pyramid():
    # the player's antelope stands next to Cheops' pyramid: Cheops' lion removes it
    s = position({"k11": "cP", "k10": "p8", "j10": "c1", "a1": "pP", "a2": "p4"}, first=1)
    assert choose(CheopsAgent(level=1), s) == "j10-k10"


def test_beliefs_follow_what_was_seen():
    # moved pieces are neither pyramid nor sphinx; the pyramid prior favours the two back rows
    s = new_game(default_scenario(), 5, first=0)
    v = s.view(0)
    b = Beliefs(v)
    assert b.pool[PYRAMID] == 1 and b.pool[SPHINX] == 7 and len(b.unknown) == 44
    probs = b.pyramid_probabilities()
    back = sum(p for sq, p in probs.items() if sq // 11 <= 1)
    assert back > 0.75 and abs(sum(probs.values()) - 1) < 1e-9
    rng = CounterRng(1)
    for _ in range(20):
        sample = b.sample(rng)
        assert sorted(sample.values()) == sorted(t for t, n in b.pool.items() for _ in range(n))


def test_a_random_layout_puts_the_pyramid_in_the_two_back_rows_only():
    # Start of Game: "Random setups always position the pyramid in one of the two back rows.
    # Strategic setups usually fortify the pyramid with sphinxes." The scenario says which side's
    # layout is random (public): there the belief is even over the unmoved pieces of those two rows
    # and nil in front; for a strategic layout the front rows keep some weight.
    from pathlib import Path

    from gridsmith.engine.pyramids.beliefs import opponent_pyramid_weights
    from gridsmith.engine.pyramids.game import SCENARIO

    sc = SCENARIO.read(Path(__file__).parents[2] / "content" / "pyramids" / "sample.scn.yaml")
    s = new_game(sc, 4, first=0)
    assert s.view(0).random_setup == (False, True) == s.view(1).random_setup
    h = s.geo.h

    def row_from_back(sq, side):
        return h - 1 - sq // 11 if side == 0 else sq // 11

    # the player looks at Cheops' random layout: 22 back-row squares, 1/22 each
    probs = Beliefs(s.view(0)).pyramid_probabilities()
    assert len(probs) == 22 and all(row_from_back(sq, 1) <= 1 for sq in probs)
    assert all(abs(p - 1 / 22) < 1e-9 for p in probs.values())
    rng = CounterRng(2)
    b = Beliefs(s.view(0))
    for _ in range(30):
        pyr = [sq for sq, t in b.sample(rng).items() if t == PYRAMID]
        assert len(pyr) == 1 and row_from_back(pyr[0], 1) <= 1
    # Cheops looks at the player's strategic layout: the front rows are not ruled out
    probs = Beliefs(s.view(1)).pyramid_probabilities()
    assert any(row_from_back(sq, 0) >= 2 and p > 0 for sq, p in probs.items())
    # what each side credits the other with believing about its own pyramid follows the same rule
    assert all(row_from_back(sq, 1) <= 1 for sq in opponent_pyramid_weights(s.view(1)))
    assert any(row_from_back(sq, 0) >= 2 for sq in opponent_pyramid_weights(s.view(0)))


def test_moved_pieces_are_never_sampled_immobile():
    s = position({"a1": "pP", "a2": "p4", "k11": "cP", "k10": "c4", "j11": "cS"}, first=1)
    play(s, "k10-k9")
    b = Beliefs(s.view(0))
    mover = s.geo.parse("k9")
    for seed in range(20):
        assert b.sample(CounterRng(seed))[mover] not in (PYRAMID, SPHINX)


def test_stop_event_returns_best_so_far():
    # "While Cheops is thinking, you can terminate his search process ... Cheops will select the
    # best move he has found thus far."
    s = new_game(default_scenario(slide=3), 2)
    stop = threading.Event()
    seen = []

    def on_think(info):
        seen.append(info)
        if len(seen) == 3:
            stop.set()

    ag = CheopsAgent(level=4, stop=stop, on_think=on_think, nodes=10**9, samples=50)
    move = ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1))
    assert move in s.legal_actions()
    assert 3 <= len(seen) <= 4 and ag.last_samples == 0


def test_time_limit_is_respected(monkeypatch):
    """The search reads the clock and stops at the limit: a fake clock that moves a millisecond a
    read (never the machine's speed; the real overshoot is printed by bench/bench_hostile.py)."""
    from gridsmith.engine.pyramids import cheops, search

    reads = []

    def clock() -> float:
        reads.append(None)
        return len(reads) / 1000

    fake = SimpleNamespace(perf_counter=clock)
    monkeypatch.setattr(cheops, "time", fake)
    monkeypatch.setattr(search, "time", fake)
    s = new_game(default_scenario(slide=3), 8)
    ag = CheopsAgent(level=4, time_limit=0.2, nodes=10**9, samples=50)
    move = ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1))
    assert move in s.legal_actions()
    # it stopped at the limit: a few reads past 200 ms of the fake clock, not a billion nodes
    assert 200 <= len(reads) <= 260 and ag.last_nodes < 10**9


def test_think_callback_reports_candidates_and_scores():
    # F6: "Initial and final scores for each move are displayed ... the current best move and its score"
    s = new_game(default_scenario(), 3)
    infos = []
    ag = CheopsAgent(level=1, samples=1, on_think=infos.append)
    move = ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1))
    assert {i.move for i in infos} == set(s.legal_actions())
    last = infos[-1]
    final = {i.move: i.score for i in infos}  # one sample: a move's last score is its value
    # the move played is a best one (Cheops breaks a tie between equal scores at random)
    assert final[move] == last.best_score == max(i.score for i in infos)


def test_force_field_draws_pieces_forward():
    # with nothing to fight, Cheops walks toward where the player's pyramid probably is
    s = position({"f11": "c4", "k11": "cP", "f1": "pP", "e1": "pS", "a1": "p8"}, first=1)
    assert choose(CheopsAgent(level=1), s) in ("f11-f10", "f11-f9")


def test_cheops_beats_random_agent():
    # a smoke test of strength (the measured figure over 100 games is in bench/bench_pyramids.py)
    s = new_game(default_scenario(slide=3), 12)
    agents = [CheopsAgent(level=1, samples=2, nodes=10**9), RandomAgent()]
    rngs = [CounterRng(1), CounterRng(2)]
    while not s.is_over:
        p = s.to_move
        s.apply(agents[p].choose(s.view(p), s.legal_actions(), rngs[p]))
    assert s.result.winners == (0,)


def test_greedy_agent_plays_legal_moves():
    s = new_game(default_scenario(), 1)
    for _ in range(6):
        m = GreedyAgent().choose(s.view(s.to_move), s.legal_actions(), CounterRng(s.ply))
        assert m in s.legal_actions()
        s.apply(m)


def test_level_comes_from_the_scenario_unless_given():
    # the level is a game option (F1): a Cheops created without one plays the scenario's level
    s = new_game(default_scenario(level=3), 1)
    ag = CheopsAgent(samples=1)
    ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1))
    assert (ag.level, ag.depth) == (3, 4)
    fixed = CheopsAgent(level=1, samples=1)
    fixed.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1))
    assert fixed.depth == 2


def test_stop_before_any_move_is_searched_plays_the_best_initial_value(monkeypatch):
    # the stop is checked every 512 nodes; make it checked at the first node, so nothing is searched
    from gridsmith.engine.pyramids import search

    orig = search.SearchBoard.__init__

    def init(self, *a, **k):
        orig(self, *a, **k)
        self.check_every = 0

    monkeypatch.setattr(search.SearchBoard, "__init__", init)
    s = new_game(default_scenario(slide=3), 2)
    stop = threading.Event()
    stop.set()
    ag = CheopsAgent(level=4, stop=stop)
    move = ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1))
    assert move in s.legal_actions() and ag.last_samples == 0 and ag.last_nodes == 0


def test_a_time_limit_already_passed_stops_between_root_moves():
    # the search looks at the clock every 512 nodes, and at level 1 a root move's subtree is smaller
    # than that: the clock is also read between root moves, so a time limit that has run out ends the
    # search before the first root move (the best initial value is played)
    s = new_game(default_scenario(slide=2), 2)
    ag = CheopsAgent(level=1, time_limit=1e-9)
    move = ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1))
    assert move in s.legal_actions() and ag.last_samples == 0 and ag.last_nodes == 0
    unlimited = CheopsAgent(level=1)
    unlimited.choose(s.view(s.to_move), s.legal_actions(), CounterRng(1))
    assert unlimited.last_nodes > 0


def _scores_of_cheops_moves(model_opponent: bool, seen_by_player: bool) -> dict[str, float]:
    # Cheops' antelope f8 (it has moved, so it is no pyramid or sphinx) stands next to the player's
    # antelope f7, which Cheops has seen. Antelope takes antelope, so the truth is that the player
    # wins by attacking; but a player who has not seen f8's rank weighs a fight of his antelope
    # (the weakest numeric piece) against any moved piece of Cheops, and declines it.
    s = position({"f8": "c8", "f7": "p8", "k11": "cP", "a1": "pP", "a11": "c4", "k1": "p4"}, first=1)
    g = s.geo
    s.moved[s.pid_at[g.parse("f8")]] = True
    s.known[1][s.pid_at[g.parse("f7")]] = True
    if seen_by_player:
        s.known[0][s.pid_at[g.parse("f8")]] = True
    infos = []
    ag = CheopsAgent(level=1, samples=1, nodes=10**9, model_opponent=model_opponent, on_think=infos.append)
    ag.choose(s.view(1), s.legal_actions(), CounterRng(3))
    return {i.move.to_text(): i.score for i in infos}


def test_the_players_replies_follow_what_the_player_can_know():
    # Move Selection Algorithm: "Your moves in the recursion are evaluated according to Cheops'
    # inferences about your perception of the board, including both his inferences about your
    # unknown pieces and inferences you might have made about Cheops' unknown pieces. ... At times
    # Cheops must infer that you will make a bad move without himself being fooled by your high
    # assessment of it."
    modelled = _scores_of_cheops_moves(True, seen_by_player=False)
    truth = _scores_of_cheops_moves(False, seen_by_player=False)
    # a quiet move elsewhere leaves the antelope where the player could take it: by the truth the
    # player does, as the player can know it he does not
    assert modelled["a11-a10"] > truth["a11-a10"] + 3.0
    # Cheops' own attack is valued the same either way: he is not fooled about his own pieces
    assert modelled["f8-f7"] == truth["f8-f7"]
    # once the player has seen the antelope, he knows what he may take
    seen = _scores_of_cheops_moves(True, seen_by_player=True)
    assert seen["a11-a10"] == truth["a11-a10"]


def test_node_budget_not_time_sets_the_strength():
    # Strength is not tied to the machine: a level searches a fixed number of nodes per move
    # (time is only a cap), so the same position and generator give the same move and node count.
    s = new_game(default_scenario(slide=2), 5)
    runs = []
    for _ in range(2):
        ag = CheopsAgent(level=3)
        move = ag.choose(s.view(s.to_move), s.legal_actions(), CounterRng(9))
        runs.append((move, ag.last_nodes, ag.last_samples))
    assert runs[0] == runs[1]
    assert runs[0][1] >= CheopsAgent(level=3).node_budget or runs[0][2] == CheopsAgent(level=3).samples


def _probe_or_capture(tempo: float) -> dict[str, float]:
    # Cheops' wolf a2 stands next to the player's two unmoved, unseen back-row pieces a1 and b1, so
    # a2-a1 finds the pyramid with a chance of one in two; his bull c4 can instead take the player's
    # known antelope c3. Every other piece has moved (neither pyramid nor sphinx).
    s = position({"a1": "pP", "b1": "pS", "a2": "c4", "c3": "p8", "c4": "c2", "h5": "p4", "i5": "p5", "j5": "p6",
                  "k11": "cP", "j11": "cS", "h10": "c5", "i10": "c6", "j10": "c7"}, first=1)
    g = s.geo
    s.known[1][s.pid_at[g.parse("c3")]] = True
    for sq in ("c3", "h5", "i5", "j5", "a2", "c4", "h10", "i10", "j10"):
        s.moved[s.pid_at[g.parse(sq)]] = True
    infos = []
    # idle_rate 0: the fights are scored from the pool as it stands (this hand-made board lists no
    # captured pieces, so the pool's sphinxes would all be read as standing on b1)
    CheopsAgent(level=4, tempo=tempo, idle_rate=0.0, on_think=infos.append).choose(
        s.view(1), s.legal_actions(), CounterRng(3))
    return {i.move.to_text(): i.score for i in infos}


def test_a_pyramid_chance_is_taken_now_not_put_off():
    # "The winner is whoever first finds his opponent's pyramid": a chance to find it is worth more
    # now than at the end of the line. Valued the same at every ply, the search takes the antelope
    # first and leaves the probe for later, and at the next move finds something else to do first.
    urgent = _probe_or_capture(0.1)
    assert max(urgent, key=urgent.get) == "a2-a1"
    assert urgent["a2-a1"] > urgent["c4-c3"] + 20.0
    timeless = _probe_or_capture(0.0)
    assert timeless["c4-c3"] >= timeless["a2-a1"]


def _back_or_front(conceal: float) -> tuple[str, dict[str, float]]:
    # Cheops' layout was random, so to the player his pyramid is one of his unmoved pieces of the
    # two back rows: k11 (the pyramid), j11, b11 (sphinxes) and the wolf a11, a belief of 1/4 each.
    # His other wolf f7 has moved (no candidate). Moving a11 leaves three candidates.
    s = position({"k11": "cP", "j11": "cS", "b11": "cS", "a11": "c4", "f7": "c4",
                  "a1": "pP", "b1": "pS", "c1": "p8", "k1": "p5", "j1": "pS"}, first=1)
    s.random_setups = (True, True)
    s.moved[s.pid_at[s.geo.parse("f7")]] = True
    infos = []
    move = CheopsAgent(level=1, conceal=conceal, on_think=infos.append).choose(
        s.view(1), s.legal_actions(), CounterRng(3))
    return move.to_text(), {i.move.to_text(): i.score for i in infos}


def test_concealment_keeps_pyramid_candidates_unmoved():
    # Start of Game: "Random setups always position the pyramid in one of the two back rows"; the
    # winner "first finds his opponent's pyramid". A back-row piece that moves is no longer a
    # candidate, so each later probe is likelier to find the pyramid: with `conceal` the search
    # charges conceal x (the rise of the player's belief in the pyramid's square).
    plain_move, plain = _back_or_front(0.0)
    assert plain_move.startswith("a11-")  # unaware, Cheops walks the back-row wolf out
    move, scores = _back_or_front(60.0)
    assert move.startswith("f7-")
    # the front wolf's moves pay for the belief as it stands (1/4); the back wolf's, for 1/3
    assert scores["f7-f6"] == pytest.approx(plain["f7-f6"] - 60.0 / 4)
    assert scores["a11-a10"] == pytest.approx(plain["a11-a10"] - 60.0 / 3)


def _threat_scores(ties: bool, even_stakes: bool = True) -> dict[str, float]:
    # Cheops' layout was random, so to the player his pyramid is one of his unmoved pieces of the two
    # back rows: k11 (the pyramid) and the wolf j10, a belief of 1/2 each. The player's moved antelope
    # k10 stands next to both: its two probes bring the same believed gain, so the player cannot tell
    # them apart. Cheops' lion k9 (moved) can take the antelope.
    return _cheops_scores({"k11": "cP", "j10": "c4", "k9": "c1", "a11": "c5",
                           "k10": "p8", "a1": "pP", "c1": "p5", "e1": "p6"},
                          ("k9", "a11", "k10", "c1", "e1"), ties=ties, even_stakes=even_stakes)


def _cheops_scores(pieces: dict[str, str], moved: tuple[str, ...], **options) -> dict[str, float]:
    """Level 1's score for each of its moves (one sampled board, no node limit), Cheops to move;
    both layouts random, the pieces on `moved` have moved."""
    s = position(pieces, first=1)
    s.random_setups = (True, True)
    for sq in moved:
        s.moved[s.pid_at[s.geo.parse(sq)]] = True
    infos = []
    CheopsAgent(level=1, samples=1, nodes=10**9, on_think=infos.append, **options).choose(
        s.view(1), s.legal_actions(), CounterRng(3))
    return {i.move.to_text(): i.score for i in infos}


def test_the_player_draws_at_random_among_probes_he_cannot_tell_apart():
    # Move Selection Algorithm: "Your moves in the recursion are evaluated according to Cheops'
    # inferences about your perception of the board, including ... inferences you might have made
    # about Cheops' unknown pieces." To the player k11 and j10 are alike, so after a quiet move he
    # finds the pyramid with a chance of one in two: the move is worth half a loss, not a whole one
    # (the pyramid probe's one-move gain outbidding its twin's searched line) nor none.
    # The loss is weighed like Cheops' own finds (EVEN_STAKES): the player's probe comes one ply
    # after Cheops' move, so it counts PYRAMID_FOUND x (1 - TEMPO) / 2.
    from gridsmith.engine.pyramids.evaluation import PYRAMID_FOUND, TEMPO, WIN

    twins = _threat_scores(True)
    assert twins["a11-a10"] == pytest.approx(-PYRAMID_FOUND * (1 - TEMPO) / 2, abs=10)
    assert max(twins, key=twins.get) == "k9-k10"  # the lion removes the antelope
    assert twins["k9-k10"] > 0
    alone = _threat_scores(False)
    assert alone["a11-a10"] < -PYRAMID_FOUND * (1 - TEMPO) + 10
    # on the scale of a whole game (even_stakes=False) the same threat is half of WIN
    assert _threat_scores(True, even_stakes=False)["a11-a10"] == pytest.approx(-WIN / 2, abs=0.01 * WIN)
    assert _threat_scores(False, even_stakes=False)["a11-a10"] < -0.9 * WIN


def _race_scores(even_stakes: bool) -> dict[str, float]:
    # The player's last pyramid candidate is a1 (his other back-row pieces have moved), and Cheops'
    # wolf a2 stands next to it. The player's antelope k10 stands next to Cheops' pyramid k11 and a
    # sphinx j10, both candidates to him, and nothing of Cheops' can take it.
    return _cheops_scores({"k11": "cP", "j10": "cS", "a11": "c5", "a2": "c4",
                           "k10": "p8", "a1": "pP", "c1": "p5", "e1": "p6"},
                          ("a11", "a2", "k10", "c1", "e1"), even_stakes=even_stakes)


def test_both_sides_of_the_race_to_the_pyramid_are_weighed_on_one_scale():
    # Object of the Game: "The winner is whoever first finds his opponent's pyramid." Cheops' find
    # of the player's pyramid is worth PYRAMID_FOUND (times its chance); the player's find of
    # Cheops' counts the same (EVEN_STAKES), not WIN. Here Cheops' wolf takes the player's last
    # candidate, a certain find, worth PYRAMID_FOUND less the player's one-in-two probe that would
    # follow (PYRAMID_FOUND x (1 - TEMPO) / 2). Any other move lets the player probe first: one in
    # two he wins, else Cheops finds the pyramid a move later, about even.
    from gridsmith.engine.pyramids.evaluation import PYRAMID_FOUND, WIN

    even = _race_scores(True)
    others = max(v for m, v in even.items() if m != "a2-a1")
    assert even["a2-a1"] > 0 > others
    assert even["a2-a1"] - others == pytest.approx(PYRAMID_FOUND * 0.6, abs=15)
    # with the player's find at WIN, the certain find scored as a near-certain half loss: a
    # threat of one in two to Cheops' pyramid outweighed anything Cheops could win
    assert _race_scores(False)["a2-a1"] < -0.4 * WIN
