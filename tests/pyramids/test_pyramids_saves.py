"""Saved games: a game saved and loaded replays to the same position; a tampered file is reported."""
from __future__ import annotations

from gridsmith.engine.core.rng import CounterRng
from gridsmith.engine.pyramids.agents import RandomAgent
from gridsmith.engine.pyramids.game import default_scenario, new_game
from gridsmith.engine.pyramids.saves import check_replay, from_save, to_save
from gridsmith.formats.document import new_text
from gridsmith.formats.loader import load_file
from gridsmith.formats.pyramids.save import SavedGame
from gridsmith.formats.registry import CheckContext
from pathlib import Path


def played(plies=60, seed=4):
    s = new_game(default_scenario(slide=3), seed)
    ag, rng = RandomAgent(), CounterRng(9)
    while not s.is_over and s.ply < plies:
        s.apply(ag.choose(s.view(s.to_move), s.legal_actions(), rng))
    return s


def test_save_load_round_trip(tmp_path):
    s = played()
    save = to_save(s, seed=4, scenario_name="test")
    path = tmp_path / "g.sav.yaml"
    path.write_text(new_text(save))
    loaded = load_file(path)
    assert [d.format_text() for d in loaded.diagnostics] == []
    assert isinstance(loaded.model, SavedGame)
    back = from_save(loaded.model)
    assert back.grid(0) == s.grid(0) and back.grid(1) == s.grid(1) and back.to_move == s.to_move
    assert [m.to_text() for m in back.log] == [m.to_text() for m in s.log]
    # a replay viewer steps through the same game
    assert from_save(loaded.model, upto=10).ply == 10


def test_finished_game_saves_its_result():
    s = played(plies=100000, seed=2)
    save = to_save(s, seed=2)
    assert s.is_over and save.snapshot.winner in ("player", "cheops", "draw") and save.snapshot.to_move is None
    assert check_replay(save, CheckContext()) == []


def test_tampered_saves_are_reported():
    s = played()
    save = to_save(s, seed=4)
    bad_move = save.model_copy(update={"moves": [*save.moves[:5], "a1-a9", *save.moves[6:]]})
    ps = check_replay(bad_move, CheckContext())
    assert [p.code for p in ps] == ["SAV410"] and ps[0].path == ("moves", 5)
    snap = save.snapshot.model_copy(update={"moves_played": 3})
    ps = check_replay(save.model_copy(update={"snapshot": snap}), CheckContext())
    assert [p.code for p in ps] == ["SAV411"]


def test_finished_game_round_trips_through_text(tmp_path):
    s = played(plies=100000, seed=2)
    path = tmp_path / "done.sav.yaml"
    path.write_text(new_text(to_save(s, seed=2)))
    loaded = load_file(path)
    assert [d.format_text() for d in loaded.diagnostics] == []
    assert loaded.model.snapshot.to_move is None and from_save(loaded.model).is_over


def test_terminal_play_between_agents_saves_a_valid_game(tmp_path, capsys):
    from gridsmith.cli import main
    from gridsmith.formats.loader import load_file as load

    out = tmp_path / "t.sav.yaml"
    scn = str(Path(__file__).resolve().parents[2] / "content" / "pyramids" / "sample.scn.yaml")
    assert main(["play", scn, "--seats", "random", "--seed", "5", "--save", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "wins" in printed or "draw" in printed
    assert check_replay(load(out).model, CheckContext()) == []


def test_terminal_board_hides_unknown_pieces():
    from gridsmith.engine.pyramids.terminal import render

    s = new_game(default_scenario(), 1)
    text = render(s.view(0))
    top = text.splitlines()[1]  # row 11, labelled on both sides
    assert top.split()[0] == top.split()[-1] == "11" and top.split()[1:-1] == ["?'"] * 11
    assert "?" not in text.splitlines()[-2]


def test_terminal_replay_checks_the_snapshot(tmp_path, capsys):
    import argparse

    from gridsmith.engine.pyramids import terminal as cli
    from gridsmith.engine.pyramids.api import GAME

    save = to_save(played(), seed=4)
    args = argparse.Namespace(save="g.sav.yaml", quiet=False, board=True)
    assert cli.replay(args, save, GAME) == 0
    assert "moves replay to the snapshot" in capsys.readouterr().out
    snap = save.snapshot.model_copy(update={"moves_played": 3})
    assert cli.replay(args, save.model_copy(update={"snapshot": snap}), GAME) == 1
