"""Games are found through the `gridsmith.games` entry-point group; a file of a game whose engine is
not installed is a one-line message from every command, never a traceback."""
from __future__ import annotations

from pathlib import Path

import pytest

from gridsmith.cli import main
from gridsmith.engine.core import games
from gridsmith.engine.core.errors import GameError, UnknownGameError

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _forget_pyramids(monkeypatch):
    everything = games._registered()
    games.get.cache_clear()
    monkeypatch.setattr(games, "_registered", lambda: {k: v for k, v in everything.items() if k != "pyramids"})


@pytest.fixture(autouse=True)
def _fresh_cache():
    yield
    games.get.cache_clear()


def test_unknown_game_is_a_game_error():
    with pytest.raises(UnknownGameError, match="no rules engine for the game 'nosuchgame'") as e:
        games.get("nosuchgame")
    assert isinstance(e.value, GameError) and isinstance(e.value, LookupError)


@pytest.mark.parametrize("command", ["play", "simulate", "replay"])
def test_a_game_without_an_engine_is_one_line_not_a_traceback(monkeypatch, command, tmp_path, capsys):
    target = CONTENT / "pyramids" / "sample.scn.yaml"
    if command == "replay":
        target = tmp_path / "g.sav.yaml"
        assert main(["play", str(CONTENT / "pyramids" / "sample.scn.yaml"), "--seats", "random", "--save", str(target)]) == 0
        capsys.readouterr()
    _forget_pyramids(monkeypatch)
    assert main([command, str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no rules engine for the game 'pyramids'" in err and "Traceback" not in err


def test_a_game_error_during_play_is_one_line_and_exit_1(monkeypatch, capsys):
    from gridsmith.engine.core.errors import IllegalActionError

    class Cheat:
        name = "cheat"

        def choose(self, view, legal, rng):
            raise IllegalActionError("the cheat's move is not allowed")

    game = games.get("pendulous")
    monkeypatch.setattr(type(game), "agent", lambda self, name, **o: Cheat())
    assert main(["play", str(CONTENT / "pendulous" / "duel.scn.yaml"), "--seats", "greedy", "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert err == "gridsmith play: error: the cheat's move is not allowed\n"


def test_pyramids_refuses_a_ruleset_instead_of_dropping_it():
    from gridsmith.engine.core.errors import ScenarioError
    from gridsmith.engine.pyramids.game import default_scenario

    with pytest.raises(ScenarioError, match="no ruleset"):
        games.get("pyramids").new_game(default_scenario(), 1, ruleset=object())
