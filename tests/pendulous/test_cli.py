"""`gridsmith play`, `replay` and `simulate` on Pendulous content."""
from __future__ import annotations

import json

import pytest

from gridsmith.cli import main

from .conftest import CONTENT

DUEL = str(CONTENT / "duel.scn.yaml")


def test_play_prints_turn_scores_and_result_and_saves(tmp_path, capsys):
    out = tmp_path / "g.sav.yaml"
    assert main(["play", DUEL, "--seats", "greedy,random", "--seed", "7", "--agent-seed", "3", "--save", str(out)]) == 0
    text = capsys.readouterr().out
    assert "after turn 1: red " in text and "after turn 12: red " in text
    assert "game over: red wins" in text or "game over: gray wins" in text or " tie " in text
    assert out.exists()
    assert main(["replay", str(out)]) == 0
    assert "position matches the snapshot" in capsys.readouterr().out
    # same seed and agent seed (computer players are otherwise seeded from a secret): same game
    assert main(["play", DUEL, "--seats", "greedy,random", "--seed", "7", "--agent-seed", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == text.splitlines()[-2]


def test_replay_rejects_a_tampered_save(tmp_path, capsys):
    out = tmp_path / "g.sav.yaml"
    main(["play", DUEL, "--seats", "greedy", "--seed", "2", "--save", str(out)])
    capsys.readouterr()
    out.write_text(out.read_text().replace("  - \"end\"\n", "", 1))
    assert main(["replay", str(out)]) == 1
    assert "error SAV41" in capsys.readouterr().err


def test_human_seat_plays_from_the_terminal(tmp_path, monkeypatch, capsys):
    """A human seat reads commands; `odds` shows the 2.7 numbers; `quit` with --save keeps the game."""
    commands = iter(["help", "odds 0,0", "place 99,99", "3,3", "end", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(commands))
    out = tmp_path / "h.sav.yaml"
    assert main(["play", DUEL, "--seats", "human,greedy", "--save", str(out)]) == 0
    text = capsys.readouterr().out
    assert "columns 1-12 left to right" in text and "odds C,R" in text and "not allowed" in text
    assert "red places an army on 3,3" in text and "gray ends the turn" in text
    assert main(["play", str(out), "--seats", "greedy"]) == 0  # resume the saved game, computers only
    assert "game over" in capsys.readouterr().out


def test_simulate_reports_statistics_as_json(capsys):
    assert main(["simulate", DUEL, "--games", "4", "--seats", "greedy,random", "--rotate", "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 8 and data["errors"] == 0
    assert data["agent_win_rate"]["greedy"]["count"] >= 7
    lo, hi = data["seat_win_rate"][0]["ci95"]
    assert 0 <= lo <= data["seat_win_rate"][0]["rate"] <= hi <= 1
    assert data["length_turns"]["mean"] == 12


def test_simulate_text_through_a_process_pool(capsys):
    assert main(["simulate", DUEL, "--games", "3", "--seats", "greedy,greedy", "--jobs", "2", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "win rate per seat (95% CI):" in text and "first-seat advantage" in text


def test_simulate_on_a_dask_cluster(capsys):
    distributed = pytest.importorskip("distributed")
    # a scheduler and a worker on loopback TCP (threads in this process, to keep the test fast)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=":0") as cluster:
        assert main(["simulate", DUEL, "--games", "2", "--seats", "greedy,random", "--scheduler",
                     cluster.scheduler_address, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["errors"] == 0


def test_usage_errors(capsys):
    assert main(["simulate", DUEL, "--seats", "greedy,greedy,greedy"]) == 2
    assert main(["play", DUEL, "--seats", "nonesuch"]) == 2
    assert main(["replay", DUEL]) == 2
    assert main(["play", "/no/such.scn.yaml"]) == 2
    err = capsys.readouterr().err
    assert "needs 2 names" in err and "unknown player 'nonesuch'" in err
    assert main(["play", DUEL, "--list-agents"]) == 0
    assert "search" in capsys.readouterr().out.split()


def test_validate_replays_saved_games(tmp_path, capsys):
    good = tmp_path / "good.sav.yaml"
    main(["play", DUEL, "--seats", "greedy,random", "--seed", "3", "--save", str(good)])
    bad = tmp_path / "bad.sav.yaml"
    bad.write_text(good.read_text().replace("rng_draws: ", "rng_draws: 9", 1))
    capsys.readouterr()
    assert main(["validate", str(good)]) == 0
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "bad.sav.yaml:" in out and "error SAV411: snapshot rng_draws" in out and "good.sav.yaml" not in out
