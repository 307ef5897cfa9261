"""A game's starting board is a copy-on-write copy of one made once per scenario (game._starting_board):
no game's changes reach the next game's board."""
from __future__ import annotations

from pathlib import Path

from gridsmith.engine.circuitwar.api import GAME
from gridsmith.engine.core.agents import create
from gridsmith.engine.core.loop import Match
from gridsmith.formats.loader import load_file

CONTENT = Path(__file__).resolve().parents[2] / "content" / "circuitwar"


def test_games_from_one_scenario_start_from_the_same_board():
    for scenario in ("fortress", "random"):  # placed CPUs, and CPUs placed at random per seed
        model = load_file(CONTENT / f"{scenario}.scn.yaml").model
        first = GAME.new_game(model, 1, base=str(CONTENT)).board.to_layers()
        state = GAME.new_game(model, 2, base=str(CONTENT))
        Match(state, [create("circuitwar", "random") for _ in model.players], 2).run()
        assert state.board.to_layers() != GAME.new_game(model, 2, base=str(CONTENT)).board.to_layers()
        assert GAME.new_game(model, 1, base=str(CONTENT)).board.to_layers() == first
