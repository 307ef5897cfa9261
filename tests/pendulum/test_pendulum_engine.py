"""The Pendulum engine as a whole: the clock, determinism, saved games, computer players."""
from __future__ import annotations

import pytest

from tests.formats.savekit import play  # the save fuzzer's game: it ends with a pending request

from gridsmith.engine.core.agents import available, create
from gridsmith.engine.pendulum.api import GAME
from gridsmith.engine.pendulum.saves import ReplayError, check_replay, from_save, snapshot, to_save
from gridsmith.formats.document import FileDocument
from gridsmith.formats.loader import load_text
from gridsmith.formats.registry import CheckContext

from pendulum_helpers import A, CONTENT, put, started


def played(scenario="duel.scn.yaml", agents=("random", "random"), seed=3):
    game = GAME.new_game(CONTENT / scenario, seed)
    assert GAME.match(game, list(agents), agent_seed=seed).run()
    return game.state


def test_agents_are_registered():
    assert {"random", "greedy", "planner"} <= set(available("pendulum"))


def test_time_moves_only_to_the_next_event_or_a_requested_time():
    st = started()
    assert st.now == 0 and st.next_event_at() == 45_000  # the black glass runs out first
    assert st.advance(30_000) == [] and st.now == 30_000
    with pytest.raises(ValueError):
        st.advance(10_000)


def test_a_game_is_a_pure_function_of_scenario_seed_and_timed_log():
    a = played(seed=5)
    b = played(seed=5)
    assert a.requests == b.requests and snapshot(a) == snapshot(b)
    assert a.is_over and a.round == 4


@pytest.mark.parametrize("scenario,n", [("trio.scn.yaml", 3), ("first-game.scn.yaml", 3), ("full.scn.yaml", 5)])
def test_random_games_end_on_every_bundled_scenario(scenario, n):
    st = played(scenario, ("random",) * n, seed=1)
    assert st.is_over and len(st.result.scores) == n


def test_saved_game_replays_to_its_snapshot_and_round_trips_as_a_file():
    st = played(seed=2)
    save = to_save(st, ["random", "random"])
    assert snapshot(from_save(save)) == save.snapshot
    loaded = load_text(FileDocument.new(save).to_text(), "g.sav.yaml")
    assert loaded.ok and loaded.model == save
    assert list(check_replay(save, CheckContext())) == []


def test_tampered_log_and_snapshot_are_caught():
    st = played(seed=2)
    save = to_save(st)
    bad = save.model_copy(update={"log": save.log[:5] + ["0 1 flip purple"] + save.log[6:]})
    with pytest.raises(ReplayError) as e:
        from_save(bad)
    assert e.value.code == "SAV410" and e.value.path == ("log", 5)
    short = save.model_copy(update={"log": save.log[:-40]})
    assert [p.code for p in check_replay(short, CheckContext())] == ["SAV411"]


def test_a_dropped_request_still_in_the_grace_window_is_caught():
    """Found by the save fuzzer: a request made within the grace window acts only after it, so a save
    taken in between had the same snapshot with or without it, and dropping it replayed clean into a
    different game. The snapshot now keeps the pending requests."""
    game, st = play("pendulum", 7, 30)
    save = game.save(st, ["random"] * game.seat_count(st))
    assert save.snapshot.pending, "the fuzzer's game ends within a grace window"
    assert save.snapshot.pending[-1] == save.log[-1]
    dropped = save.model_copy(update={"log": save.log[:-1]})
    with pytest.raises(ReplayError) as e:
        from_save(dropped)
    assert e.value.code == "SAV411" and e.value.path == ("snapshot", "pending")
    older = save.model_copy(update={"snapshot": save.snapshot.model_copy(update={"pending": None})})
    assert snapshot(from_save(older)).pending == save.snapshot.pending  # an older save: not compared


def test_replay_upto_gives_the_game_at_that_request():
    st = played(seed=2)
    save = to_save(st)
    mid = from_save(save, upto=20)
    assert len(mid.requests) == 20 and not mid.is_over


def test_greedy_beats_random_on_fixed_seeds():
    wins = 0
    for seed in range(2):
        for order in (("greedy", "random"), ("random", "greedy")):
            st = played(agents=order, seed=seed)
            wins += st.result.winners == (order.index("greedy"),)
    assert wins >= 3


def test_illegal_requests_say_which_rule():
    st = started()
    put(st, 0, "w2", None)
    with pytest.raises(Exception, match="onto spaces in a row without a sandglass"):
        st.request(0, A("place w2 g-bottom-1"))


def test_command_line_play_save_replay_and_validate(tmp_path, capsys):
    from gridsmith.cli import main

    out = tmp_path / "g.sav.yaml"
    assert main(["play", str(CONTENT / "duel.scn.yaml"), "--seats", "greedy,random", "--seed", "4",
                 "--save", str(out)]) == 0
    assert "wins" in capsys.readouterr().out
    assert main(["replay", "-q", str(out)]) == 0
    assert "replay to the snapshot" in capsys.readouterr().out
    assert main(["validate", str(out)]) == 0
    text = out.read_text().replace("\"0 1 place w1", "\"0 1 place w9", 1)
    out.write_text(text)
    assert main(["validate", str(out)]) == 1
    assert "SAV410" in capsys.readouterr().out


def test_command_line_play_rejects_wrong_seats(capsys):
    from gridsmith.cli import main

    assert main(["play", str(CONTENT / "duel.scn.yaml"), "--seats", "greedy,nobody"]) == 2
    assert "unknown player 'nobody'" in capsys.readouterr().err
    assert main(["play", str(CONTENT / "duel.scn.yaml"), "--seats", "greedy,random,random"]) == 2


def test_command_line_simulate_and_new_save(tmp_path, capsys):
    from gridsmith.cli import main

    assert main(["simulate", str(CONTENT / "duel.scn.yaml"), "--games", "1", "--rotate", "--seats", "random,random",
                 "--agent-seed", "1", "--jobs", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 0 errors" in out and "white" in out and "black" in out
    path = tmp_path / "new.sav.yaml"
    assert main(["new", "pendulum.save", "-o", str(path)]) == 0
    assert main(["validate", str(path)]) == 0
