"""Saved games of every registered game for the tests of hostile saves: a short game of the first
bundled scenario, played by seeded random choices through the shared loop, as a model and as text."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from gridsmith.engine.core import games
from gridsmith.engine.core.errors import GameError
from gridsmith.engine.core.loop import Match

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
GAMES = games.names()
#: the key of a save that lists who plays each seat
SEATS_KEY = {"pendulum": "players"}


class Chooser:
    name = "uniform"

    def choose(self, view, legal, rng):
        return legal[rng.randrange(len(legal))]


def scenario_file(name: str) -> Path:
    return sorted((CONTENT / name).glob("*.scn.yaml"))[0]


def play(name: str, seed: int = 7, actions: int = 30, agent_seed: int = 1):
    game = games.get(name)
    state = game.new_game(scenario_file(name), seed)
    m = Match(state, [Chooser()] * game.seat_count(state), agent_seed, max_actions=actions)
    try:
        m.run()
    except GameError:  # the action budget, not the game's end
        pass
    return game, state


@lru_cache(maxsize=None)
def save_text(name: str, seed: int = 7, actions: int = 30) -> str:
    game, state = play(name, seed, actions)
    return game.save_text(game.save(state, ["random"] * game.seat_count(state)))


def seats_key(name: str) -> str:
    return SEATS_KEY.get(name, "seats")


def register_checks() -> None:
    """The engine-backed checks (a save must replay) join validation, as `gridsmith validate` does."""
    for name in GAMES:
        games.get(name).register_checks()


register_checks()
